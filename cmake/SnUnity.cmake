# Unity builds: each library compiles as a few larger translation units (batches of
# SN_UNITY_BATCH files) instead of one per file. What a file costs beyond its own code is the
# headers and templates it shares with its neighbours (Qt's containers, QFuture, protobuf's
# messages, std::regex): in a batch they are parsed and instantiated, and their inline functions
# generated, once. Under the asan preset, where code generation is most of a file's time, that
# is where the first build's minutes go (docs/benchmarks.md, Build and CI times).
#
# sn_use_unity_builds() runs once, at the end of the top-level CMakeLists (of the agent-only and
# fuzz trees too), and turns it on for
# every static library and every program with more than one source of its own; test programs
# are one file each and gain nothing. Files of one library share a translation unit, so a
# helper in an anonymous namespace must have a name of its own within its library (or be shared
# through a header). A file that forgets an include may compile in its batch because a neighbour
# has it: SN_UNITY=OFF compiles file by file, which shows that.

option(SN_UNITY "Compile each library in batches of files (unity builds)" ON)
set(SN_UNITY_BATCH 8 CACHE STRING "Files per unity batch")

# Targets that are one generated file (sn_proto, sn_proto_grpc), and the message catalogues, which
# each name their translation context and patterns alike (kContext, kPatterns) and are mostly data.
set(_sn_unity_skip sn_proto sn_proto_grpc sn_translations)

function(sn_use_unity_builds)
  if(NOT SN_UNITY)
    return()
  endif()
  _sn_project_targets(${PROJECT_SOURCE_DIR} targets)
  foreach(t ${targets})
    get_target_property(type ${t} TYPE)
    if(t IN_LIST _sn_unity_skip OR t MATCHES "^sn_pch_")
      continue()
    endif()
    if(type STREQUAL "EXECUTABLE")
      get_target_property(sources ${t} SOURCES)
      list(FILTER sources INCLUDE REGEX "\\.(cpp|cc)$")
      list(LENGTH sources count)
      if(count LESS 2)
        continue()
      endif()
    elseif(NOT type STREQUAL "STATIC_LIBRARY")
      continue()
    endif()
    set_target_properties(${t} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${SN_UNITY_BATCH})
  endforeach()
endfunction()
