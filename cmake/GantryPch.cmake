# Precompiled headers (GANTRY_PCH, on by default): Qt's headers take a few seconds to parse in
# every file that includes them, most of a build's time. Two headers are compiled once each, in
# cmake/pch/: core.h (Qt Core and the standard library) and ui.h (core.h plus the Qt Gui, Widgets
# and Charts classes most of the window uses). Every target reuses one of them with gantry_use_pch(target core|ui). They hold no
# QtTest header, the only Qt headers that test the QT_*_LIB macros, so one compiled header
# serves targets that link different Qt modules. The donors take the warning flags of every
# target: -Wpedantic changes a predefined macro, and a header compiled without it is not used.
#
# The test programs' own sources compile without optimisation (GANTRY_TEST_CODE_FLAGS, -O0): they
# call the libraries, which keep the build's optimisation, and spend their time there; -O0 takes
# a quarter to a third less time to compile a test than -O3 or the sanitizers' -O1. A compiled
# header is only used by files compiled with the same optimisation (__OPTIMIZE__ differs), so
# the tests have donors of their own: the "core-test" and "ui-test" flavours.
option(GANTRY_PCH "Precompile the Qt headers (faster builds; no effect on the result)" ON)
set(GANTRY_TEST_CODE_FLAGS -O0)

if(GANTRY_PCH)
  foreach(flavour core ui core-test ui-test)
    string(REPLACE "-" "_" name "gantry_pch_${flavour}")
    string(REPLACE "-test" "" header "${flavour}")
    add_library(${name} OBJECT ${CMAKE_CURRENT_LIST_DIR}/pch/empty.cpp)
    if(header STREQUAL "core")
      target_link_libraries(${name} PRIVATE Qt6::Core)
    else()
      target_link_libraries(${name} PRIVATE Qt6::Widgets Qt6::Charts Qt6::Gui)
    endif()
    target_precompile_headers(${name} PRIVATE ${CMAKE_CURRENT_LIST_DIR}/pch/${header}.h)
    gantry_set_warnings(${name})
    if(flavour MATCHES "-test$")
      target_compile_options(${name} PRIVATE ${GANTRY_TEST_CODE_FLAGS})
    endif()
  endforeach()
endif()

function(gantry_use_pch target flavour)
  if(NOT GANTRY_PCH)
    return()
  endif()
  if(NOT flavour MATCHES "^(core|ui)(-test)?$")
    message(FATAL_ERROR "gantry_use_pch: flavour is core, ui, core-test or ui-test, not ${flavour}")
  endif()
  string(REPLACE "-" "_" name "gantry_pch_${flavour}")
  target_precompile_headers(${target} REUSE_FROM ${name})
endfunction()
