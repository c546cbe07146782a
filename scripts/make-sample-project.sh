#!/usr/bin/env bash
# Rebuilds sampledata/sample.gantry, the bundled sample project, from the sample scenarios
# (teaching, two-racks, models, in that order). It holds scenarios only (no runs, no history), so
# the same gantry-cli gives the same file. Usage: scripts/make-sample-project.sh [GANTRY_CLI]
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${1:-build/app/cli/gantry-cli}
out=sampledata/sample.gantry
rm -f "$out" "$out-wal" "$out-shm"
"$cli" project "$out" --add sampledata/teaching.json,sampledata/two-racks.json,sampledata/models.json
