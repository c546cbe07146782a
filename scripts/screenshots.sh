#!/usr/bin/env bash
# scripts/screenshots.sh [BUILD_DIR]: regenerates docs/screenshots/*.png from the bundled sample
# project: starts gantry offscreen on sampledata/sample.gantry (scenario two-racks), runs the
# comparison and saves each main view (cluster, jobs, gantt, heatmap, charts, compare,
# teaching) at 1600x1000, then runs the sample sweep (sampledata/two-racks-sweep.json) in the
# Plan view and saves plan.png. Two small variants check readability elsewhere: the Gantt chart,
# the cluster and the Plan view at 1280x800 (*-1280x800.png) and with the dark palette
# (*-dark.png). Last, the project's saved sweep run again from the project tree
# (plan-saved-sweep.png). Builds the gantry target first.
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
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# Settings of their own: the user's window layout, palette and dismissed guide stay out.
export XDG_CONFIG_HOME="$scratch/config"
shoot() { # DIR SIZE PALETTE
  QT_QPA_PLATFORM=offscreen "$build/app/gantry/gantry" sampledata/sample.gantry \
    --screenshot "$1" --size "$2" --palette "$3" --scenario 1 --policies fifo,sjf,tiresias,asrpt \
    --sweep sampledata/two-racks-sweep.json
}
shoot "$out" 1600x1000 light
for variant in 1280x800:light:1280x800 1600x1000:dark:dark; do
  IFS=: read -r size palette suffix <<<"$variant"
  shoot "$scratch/$suffix" "$size" "$palette"
  for view in gantt cluster plan; do
    cp "$scratch/$suffix/$view.png" "$out/$view-$suffix.png"
  done
done
QT_QPA_PLATFORM=offscreen "$build/app/gantry/gantry" sampledata/sample.gantry \
  --screenshot "$scratch/saved" --size 1600x1000 --palette light --saved-sweep
cp "$scratch/saved/plan.png" "$out/plan-saved-sweep.png"
