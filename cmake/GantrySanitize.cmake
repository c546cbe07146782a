# Sanitizer and fuzzing flags for every target (included before any target is defined).
#   GANTRY_SANITIZE=ON          AddressSanitizer + UndefinedBehaviorSanitizer; any UB report
#                               aborts the process (-fno-sanitize-recover) so a test fails.
#   GANTRY_SANITIZE_THREAD=ON   ThreadSanitizer (exclusive with the above).
#   GANTRY_FUZZ=ON              libFuzzer targets in fuzz/ (clang only); everything is built
#                               with -fsanitize=fuzzer-no-link plus address and undefined.
# Flags reach C++ only (never nvcc); CUDA should be off in these builds (scripts/sanitize.sh).
set(_gantry_sanitize "")
if(GANTRY_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "GANTRY_FUZZ needs clang (libFuzzer): configure with "
                        "-DCMAKE_CXX_COMPILER=clang++-14, or use scripts/fuzz.sh")
  endif()
  set(_gantry_sanitize -fsanitize=fuzzer-no-link,address,undefined)
elseif(GANTRY_SANITIZE AND GANTRY_SANITIZE_THREAD)
  message(FATAL_ERROR "GANTRY_SANITIZE and GANTRY_SANITIZE_THREAD exclude each other")
elseif(GANTRY_SANITIZE)
  set(_gantry_sanitize -fsanitize=address,undefined)
elseif(GANTRY_SANITIZE_THREAD)
  set(_gantry_sanitize -fsanitize=thread)
endif()

if(_gantry_sanitize)
  # -O1 and line tables only (-g1): the sanitizers' own advice, reports still name file and
  # line, and the instrumented build compiles in about 40% of the time of -O3 -g.
  set(_gantry_extra -O1 -fno-omit-frame-pointer -g1)
  if(NOT GANTRY_SANITIZE_THREAD)
    list(APPEND _gantry_extra -fno-sanitize-recover=undefined)
  endif()
  add_compile_options("$<$<COMPILE_LANGUAGE:CXX>:${_gantry_sanitize};${_gantry_extra}>")
  # The fuzzer runtime itself is linked only into the fuzz executables (fuzz/CMakeLists.txt).
  string(REPLACE "fuzzer-no-link," "" _gantry_link "${_gantry_sanitize}")
  add_link_options(${_gantry_link})
  # gold links an instrumented test in about two thirds of the time of the default linker
  # (about 80 executables per build).
  include(CheckLinkerFlag)
  check_linker_flag(CXX "-fuse-ld=gold" GANTRY_LINKER_GOLD)
  if(GANTRY_LINKER_GOLD)
    add_link_options(-fuse-ld=gold)
  endif()
  message(STATUS "Gantry sanitizers: ${_gantry_sanitize}")
endif()
