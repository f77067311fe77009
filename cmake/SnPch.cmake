# Precompiled headers: the standard, Qt and protobuf headers nearly every file includes take longer
# to parse than most of our files take to compile (about 1.2 s of 1.6 s for a small file under the
# asan preset). sn_use_precompiled_headers() runs once, at the end of the top-level CMakeLists, and
# gives every C++ target that uses QtCore the precompiled header of its kind, built once per tree
# and reused (REUSE_FROM) by every target of that kind:
#   core           the standard library and QtCore              cmake/pch/sn_pch_core.h
#   proto          core and the contract's messages              cmake/pch/sn_pch_proto.h
#   widgets        core and Qt Widgets                           cmake/pch/sn_pch_widgets.h
#   widgets_proto  widgets and the contract's messages           cmake/pch/sn_pch_widgets_proto.h
# A kind is chosen from the target's link closure (Qt6::Widgets, sn_proto), so a target reuses a
# header built with the same Qt modules it compiles with. GCC checks that the header was built
# with compatible options and falls back to parsing the headers when not (-Winvalid-pch says so).
# GCC only: clang refuses a reused header whose macros differ instead of falling back, so the fuzz
# tree (clang) builds without. SN_PCH=OFF turns them off (with SN_UNITY=OFF, cmake/SnUnity.cmake,
# that checks that every file includes what it uses).

option(SN_PCH "Precompiled headers for the standard library, Qt and the contract (GCC)" ON)
# Some targets compile with -pthread (gRPC's and Qt's Threads::Threads), which defines _REENTRANT,
# and GCC does not use a header built without a macro a file has (nor with one it lacks): every
# file compiles with -pthread, so one header of each kind fits all. It changes nothing else here
# (glibc 2.36 has threads in libc).
if(SN_PCH AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  add_compile_options(-pthread)
endif()

# Targets that make the header's inputs, or have none of our includes.
set(_sn_pch_skip sn_proto sn_proto_grpc)

function(_sn_pch_target kind out_var)
  set(name sn_pch_${kind})
  if(NOT TARGET ${name})
    add_library(${name} OBJECT ${PROJECT_SOURCE_DIR}/cmake/pch/pch_anchor.cpp)
    target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR})
    set(libs Qt6::Core)
    if(kind MATCHES "widgets")
      list(APPEND libs Qt6::Widgets)
    endif()
    if(kind MATCHES "proto")
      list(APPEND libs sn_proto)
    endif()
    target_link_libraries(${name} PRIVATE ${libs})
    target_precompile_headers(${name} PRIVATE ${PROJECT_SOURCE_DIR}/cmake/pch/sn_pch_${kind}.h)
  endif()
  set(${out_var} ${name} PARENT_SCOPE)
endfunction()

function(sn_use_precompiled_headers)
  if(NOT SN_PCH OR NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    return()
  endif()
  _sn_project_targets(${PROJECT_SOURCE_DIR} targets)
  foreach(t ${targets})
    get_target_property(type ${t} TYPE)
    if(NOT type MATCHES "^(STATIC_LIBRARY|SHARED_LIBRARY|EXECUTABLE)$" OR t IN_LIST _sn_pch_skip)
      continue()
    endif()
    _sn_link_closure(${t} closure)
    if(NOT "Qt6::Core" IN_LIST closure AND NOT "Qt::Core" IN_LIST closure)
      continue()
    endif()
    set(kind core)
    if("Qt6::Widgets" IN_LIST closure OR "Qt::Widgets" IN_LIST closure)
      set(kind widgets)
    endif()
    if("sn_proto" IN_LIST closure)
      if(kind STREQUAL "widgets")
        set(kind widgets_proto)
      else()
        set(kind proto)
      endif()
    endif()
    _sn_pch_target(${kind} pch)
    target_precompile_headers(${t} REUSE_FROM ${pch})
    if(type STREQUAL "EXECUTABLE")
      # A program's (a test's) moc output is included by its own .cpp, so AUTOMOC's
      # mocs_compilation.cpp is empty there: loading the header would be its whole cost.
      get_target_property(bin_dir ${t} BINARY_DIR)
      set_source_files_properties(${bin_dir}/${t}_autogen/mocs_compilation.cpp TARGET_DIRECTORY ${t}
                                  PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
    endif()
  endforeach()
endfunction()
