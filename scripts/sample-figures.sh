#!/usr/bin/env bash
# Regenerates the figures that sampledata/README.md quotes (its "generated" blocks) from the
# engine; tst_samplefigures checks them. Build with tests first (scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
GANTRY_UPDATE_SAMPLE_FIGURES=1 QT_QPA_PLATFORM=offscreen build/tests/docs/tst_samplefigures
