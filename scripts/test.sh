#!/usr/bin/env bash
# The README's second command: installs what is missing, builds, and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh -DGANTRY_BUILD_TESTS=ON
ctest --test-dir build --output-on-failure -j2
