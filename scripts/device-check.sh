#!/usr/bin/env bash
# Device check for the CUDA mapping search, on a machine with an NVIDIA GPU and nvcc, CMake and
# ninja (no Qt needed): builds the Qt-free library search/ with CUDA into a temporary build
# folder, runs the CPU-versus-CUDA equality test (gantry_search_test --require-cuda) and
# the benchmark (gantry-search-bench --json), and prints a short table. Exits non-zero when the
# build, the equality or the benchmark fails. Copies its logs to $OUT when that is set.
# Usage: scripts/device-check.sh [build-dir]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$(mktemp -d /tmp/gantry-device-check.XXXXXX)}
logs=${OUT:-$build}
mkdir -p "$logs"
if ! command -v nvcc >/dev/null 2>&1 && [ -x /usr/local/cuda/bin/nvcc ]; then
  export PATH=/usr/local/cuda/bin:$PATH
fi
command -v nvcc >/dev/null || { echo "device-check: nvcc not found" >&2; exit 2; }
nvidia-smi -L 2>/dev/null || echo "device-check: nvidia-smi not available"

echo "== configure + build ($build)"
start=$(date +%s)
cmake -S "$root/search" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DGANTRY_ENABLE_CUDA=ON -DCMAKE_CUDA_COMPILER="$(command -v nvcc)" >"$logs/configure.log" 2>&1 \
  || { tail -30 "$logs/configure.log"; exit 3; }
grep -q "Gantry CUDA back end: ON" "$logs/configure.log" \
  || { echo "device-check: CUDA back end not enabled"; tail -30 "$logs/configure.log"; exit 3; }
cmake --build "$build" >"$logs/build.log" 2>&1 || { tail -40 "$logs/build.log"; exit 3; }
echo "built in $(( $(date +%s) - start )) s"

echo "== equality test"
equality=PASS
timeout 300 "$build/gantry_search_test" --require-cuda | tee "$logs/equality.log" || equality=FAIL

echo "== benchmark"
bench=PASS
timeout 300 "$build/gantry-search-bench" --json | tee "$logs/bench.json" || bench=FAIL

# One row per line in the JSON: pull evals_per_s by name.
rate() { grep "\"name\": \"$1\"" "$logs/bench.json" | sed -E 's/.*"evals_per_s": ([0-9.]+).*/\1/' | head -1 || true; }
cpu1=$(rate cpu-1); cpuall=$(rate cpu-all); cuda=$(rate cuda); wide=$(rate cuda-wide)
equal=$(grep -o '"cuda_equal_cpu": [a-z]*' "$logs/bench.json" | awk '{print $2}' || true)
[ "$equal" = "true" ] || bench=FAIL
[ -n "$cuda" ] || bench="FAIL (no CUDA rows)"
best=$(awk -v a="${cuda:-0}" -v b="${wide:-0}" 'BEGIN { print (a > b ? a : b) }')
echo
echo "== summary (64-worker job, evaluations per second)"
printf '%-28s %16s\n' "CPU 1 thread" "${cpu1:-n/a}"
printf '%-28s %16s\n' "CPU all threads" "${cpuall:-n/a}"
printf '%-28s %16s\n' "CUDA (same chains as CPU)" "${cuda:-n/a}"
printf '%-28s %16s\n' "CUDA (wide: many chains)" "${wide:-n/a}"
awk -v c="$best" -v a="${cpuall:-0}" -v o="${cpu1:-0}" 'BEGIN {
  printf "%-28s %16s\n", "speedup vs CPU all", (a > 0 && c > 0 ? sprintf("%.1fx", c / a) : "n/a");
  printf "%-28s %16s\n", "speedup vs CPU 1 thread", (o > 0 && c > 0 ? sprintf("%.1fx", c / o) : "n/a") }'
printf '%-28s %16s\n' "equality test" "$equality"
printf '%-28s %16s\n' "benchmark (CUDA == CPU)" "$bench"
echo "total $(( $(date +%s) - start )) s"
[ "$equality" = PASS ] && [ "$bench" = PASS ]
