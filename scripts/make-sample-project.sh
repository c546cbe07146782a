#!/usr/bin/env bash
# Rebuilds sampledata/sample.gantry, the bundled sample project, from the sample scenarios
# (teaching, two-racks, models, in that order) with a recorded comparison of each, and the
# sample sweep (two-racks-sweep.json, stored on two-racks), so that the window opens on results.
# Scenarios, configurations, metrics and sweep points are the same on every rebuild; only the
# recording times and the wall-clock seconds of the runs differ.
# Usage: scripts/make-sample-project.sh [GANTRY_CLI]
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${1:-build/app/cli/gantry-cli}
out=sampledata/sample.gantry
policies=fifo,fifo-backfill,sjf,srtf,srsf,tiresias,asrpt,asrpt-backfill,asrpt-wc,asrpt-guided
rm -f "$out" "$out-wal" "$out-shm"
"$cli" project "$out" --add sampledata/teaching.json,sampledata/two-racks.json,sampledata/models.json
for s in teaching two-racks models; do
  "$cli" compare "sampledata/$s.json" --policies "$policies" --project "$out" >/dev/null
done
"$cli" sweep sampledata/two-racks-sweep.json --project "$out" >/dev/null
"$cli" project "$out"
