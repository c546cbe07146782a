# gantry_add_test(NAME name SOURCES ... [LIBS ...] [GUI]): one Qt Test executable per unit,
# registered with CTest and run on the offscreen platform.
function(gantry_add_test)
  cmake_parse_arguments(T "GUI" "NAME" "SOURCES;LIBS" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  target_link_libraries(${T_NAME} PRIVATE Qt6::Test ${T_LIBS})
  target_compile_definitions(${T_NAME} PRIVATE
    GANTRY_TEST_DATA="${CMAKE_SOURCE_DIR}/tests/data"
    GANTRY_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
    GANTRY_CLI_PATH="$<TARGET_FILE:gantry-cli>")
  gantry_set_warnings(${T_NAME})
  # The test's own code at -O0 (cmake/GantryPch.cmake): the libraries it calls keep theirs.
  target_compile_options(${T_NAME} PRIVATE ${GANTRY_TEST_CODE_FLAGS})
  if(T_GUI OR "gantry_ui" IN_LIST T_LIBS)
    gantry_use_pch(${T_NAME} ui-test)
  else()
    gantry_use_pch(${T_NAME} core-test)
  endif()
  add_test(NAME ${T_NAME} COMMAND ${T_NAME})
  set_tests_properties(${T_NAME} PROPERTIES ENVIRONMENT "QT_QPA_PLATFORM=offscreen" TIMEOUT 600)
endfunction()
