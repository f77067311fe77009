# Helpers that keep the layering of ../shared/DESIGN.md true at configure time.
#
# sn_backend_library(NAME ... ) declares an engine target; at the end of the top-level
# CMakeLists, sn_enforce_layering() walks every engine target's link closure and fails the
# configure if it reaches Qt6::Widgets or Qt6::Charts, or Qt6::Gui outside backend/report.

set_property(GLOBAL PROPERTY SN_BACKEND_TARGETS "")

function(sn_backend_library name)
  add_library(${name} STATIC ${ARGN})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR})
  set_property(GLOBAL APPEND PROPERTY SN_BACKEND_TARGETS ${name})
endfunction()

# _sn_link_closure(target out_var [pruned...]): every target reachable from target; the
# pruned targets are included but not walked into.
function(_sn_link_closure target out_var)
  set(pruned ${ARGN})
  set(seen "")
  set(queue ${target})
  while(queue)
    list(POP_FRONT queue current)
    if(current IN_LIST seen OR NOT TARGET ${current})
      continue()
    endif()
    list(APPEND seen ${current})
    if(current IN_LIST pruned)
      continue()
    endif()
    get_target_property(aliased ${current} ALIASED_TARGET)
    if(aliased)
      list(APPEND queue ${aliased})
    endif()
    get_target_property(type ${current} TYPE)
    set(props INTERFACE_LINK_LIBRARIES)
    if(NOT type STREQUAL "INTERFACE_LIBRARY")
      list(APPEND props LINK_LIBRARIES)
    endif()
    foreach(prop ${props})
      get_target_property(libs ${current} ${prop})
      if(libs)
        foreach(lib ${libs})
          string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" lib "${lib}")
          list(APPEND queue ${lib})
        endforeach()
      endif()
    endforeach()
  endwhile()
  set(${out_var} ${seen} PARENT_SCOPE)
endfunction()

function(sn_enforce_layering)
  get_property(targets GLOBAL PROPERTY SN_BACKEND_TARGETS)
  foreach(t ${targets})
    _sn_link_closure(${t} closure)
    foreach(forbidden Qt6::Widgets Qt6::Charts Qt::Widgets Qt::Charts)
      if(forbidden IN_LIST closure)
        message(FATAL_ERROR "Engine target ${t} links ${forbidden}; backend/ must not use widgets "
                            "or charts (see ../shared/DESIGN.md).")
      endif()
    endforeach()
    # Gui may come only from sn_report: a target that uses reports (supernodectl's commands)
    # gets it through sn_report, never by linking it itself.
    _sn_link_closure(${t} closure_without_report sn_report)
    if(NOT t STREQUAL "sn_report" AND ("Qt6::Gui" IN_LIST closure_without_report OR "Qt::Gui" IN_LIST closure_without_report))
      message(FATAL_ERROR "Engine target ${t} links Qt6::Gui; only backend/report may paint.")
    endif()
  endforeach()
endfunction()
