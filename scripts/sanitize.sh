#!/usr/bin/env bash
# scripts/sanitize.sh [ctest arguments...]: builds build-asan with AddressSanitizer and
# UndefinedBehaviorSanitizer (-DGANTRY_SANITIZE=ON, CUDA off) and runs the whole test suite
# there. Any sanitizer report fails its test: ASan and UBSan halt on the first error, and leaks
# fail too, except those inside system libraries listed in cmake/lsan-suppressions.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${GANTRY_ASAN_DIR:-build-asan}
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" \
  -DGANTRY_BUILD_TESTS=ON -DGANTRY_BUILD_BENCHMARKS=OFF -DGANTRY_SANITIZE=ON -DGANTRY_ENABLE_CUDA=OFF >/dev/null
cmake --build "$dir"
export ASAN_OPTIONS="halt_on_error=1:abort_on_error=0:detect_leaks=1:strict_init_order=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export LSAN_OPTIONS="suppressions=$PWD/cmake/lsan-suppressions.txt:print_suppressions=0"
# A test that fails is run once more: LeakSanitizer's own tracer has crashed at a child's exit
# (signal 11 in the tracer after gantry-report wrote its file), failing a test whose program
# did nothing wrong; a failure that comes back on the second run still fails the stage.
ctest --test-dir "$dir" --output-on-failure -j"${GANTRY_TEST_JOBS:-2}" --repeat until-pass:2 "$@"
