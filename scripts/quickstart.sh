#!/usr/bin/env bash
# The README's first command: installs what is missing, builds, and opens Gantry on the bundled
# sample project (sampledata/sample.gantry: the teaching, two-racks and models scenarios).
# Without a display it says so and prints the policy comparison of the teaching scenario instead.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
sample=sampledata/teaching.json
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "No display found: showing the policy comparison of $sample from gantry-cli instead."
  exec build/app/cli/gantry-cli compare "$sample" \
    --policies fifo,fifo-backfill,sjf,srtf,srsf,tiresias,asrpt,asrpt-backfill,asrpt-wc,asrpt-guided
fi
exec build/app/gantry/gantry sampledata/sample.gantry
