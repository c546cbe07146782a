#!/usr/bin/env bash
# scripts/screenshots.sh [BUILD_DIR]: regenerates docs/screenshots/*.png from the bundled sample
# project: starts gantry offscreen on sampledata/sample.gantry (scenario two-racks), runs the
# comparison and saves each main view (cluster, jobs, gantt, heatmap, charts, compare,
# teaching). Builds the gantry target first.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
if [ ! -f "$build/CMakeCache.txt" ]; then
  echo "no CMake build in $build: run scripts/build.sh first (or name a build folder)" >&2
  exit 2
fi
cmake --build "$build" --target gantry
out=docs/screenshots
mkdir -p "$out"
QT_QPA_PLATFORM=offscreen "$build/app/gantry/gantry" sampledata/sample.gantry \
  --screenshot "$out" --scenario 1 --policies fifo,sjf,tiresias,asrpt
