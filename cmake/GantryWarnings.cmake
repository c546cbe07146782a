# Warning flags, applied per target with gantry_set_warnings().
function(gantry_set_warnings target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wno-unused-parameter)
  endif()
  # Sanitizers apply to every target, set globally in cmake/GantrySanitize.cmake.
endfunction()
