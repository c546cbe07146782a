#!/usr/bin/env bash
# scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]: configures build-fuzz with clang
# (GANTRY_FUZZ=ON), builds fuzz_TARGET and runs it for SECONDS on its seed corpus
# fuzz/corpus/TARGET plus the growing corpus in build-fuzz/corpus/TARGET. A crashing input is
# written to build-fuzz/artifacts/TARGET/; keep it in tests/data/fuzz-regressions/TARGET/.
# TARGET: scenarioreader, sweepreader, phillyimporter, projectstore (ls fuzz/corpus for the
# list).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
  echo "usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]" >&2
  echo "targets: $(ls fuzz/corpus | tr '\n' ' ')" >&2
  exit 2
fi
target=${1#fuzz_}
seconds=$2
shift 2
if [ ! -d "fuzz/corpus/$target" ]; then
  echo "unknown fuzz target \"$target\" (choose one of: $(ls fuzz/corpus | tr '\n' ' '))" >&2
  exit 2
fi
cxx=$(command -v clang++-14 || command -v clang++ || true)
cc=$(command -v clang-14 || command -v clang || true)
if [ -z "$cxx" ]; then
  echo "clang++ not found: run scripts/install-deps.sh (clang-14, libclang-rt-14-dev)" >&2
  exit 2
fi
dir=build-fuzz
if [ ! -f "$dir/CMakeCache.txt" ]; then
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_C_COMPILER="$cc" "${launcher[@]}" \
    -DGANTRY_FUZZ=ON -DGANTRY_BUILD_TESTS=OFF -DGANTRY_ENABLE_CUDA=OFF >/dev/null
fi
cmake --build "$dir" --target "fuzz_$target"
mkdir -p "$dir/corpus/$target" "$dir/artifacts/$target"
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export QT_QPA_PLATFORM=offscreen
exec "$dir/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 -artifact_prefix="$dir/artifacts/$target/" "$@" \
  "$dir/corpus/$target" "fuzz/corpus/$target"
