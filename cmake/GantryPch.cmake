# Precompiled headers (GANTRY_PCH, on by default): Qt's headers take a few seconds to parse in
# every file that includes them, most of a build's time. Two headers are compiled once each, in
# cmake/pch/: core.h (Qt Core and the standard library) and ui.h (core.h plus the Qt Gui, Widgets
# and Charts classes most of the window uses). Every target reuses one of them with gantry_use_pch(target core|ui). They hold no
# QtTest header, the only Qt headers that test the QT_*_LIB macros, so one compiled header
# serves targets that link different Qt modules. The donors take the warning flags of every
# target: -Wpedantic changes a predefined macro, and a header compiled without it is not used.
option(GANTRY_PCH "Precompile the Qt headers (faster builds; no effect on the result)" ON)

if(GANTRY_PCH)
  add_library(gantry_pch_core OBJECT ${CMAKE_CURRENT_LIST_DIR}/pch/empty.cpp)
  target_link_libraries(gantry_pch_core PRIVATE Qt6::Core)
  target_precompile_headers(gantry_pch_core PRIVATE ${CMAKE_CURRENT_LIST_DIR}/pch/core.h)
  gantry_set_warnings(gantry_pch_core)
  add_library(gantry_pch_ui OBJECT ${CMAKE_CURRENT_LIST_DIR}/pch/empty.cpp)
  target_link_libraries(gantry_pch_ui PRIVATE Qt6::Widgets Qt6::Charts Qt6::Gui)
  target_precompile_headers(gantry_pch_ui PRIVATE ${CMAKE_CURRENT_LIST_DIR}/pch/ui.h)
  gantry_set_warnings(gantry_pch_ui)
endif()

function(gantry_use_pch target flavour)
  if(NOT GANTRY_PCH)
    return()
  endif()
  if(NOT flavour MATCHES "^(core|ui)$")
    message(FATAL_ERROR "gantry_use_pch: flavour is core or ui, not ${flavour}")
  endif()
  target_precompile_headers(${target} REUSE_FROM gantry_pch_${flavour})
endfunction()
