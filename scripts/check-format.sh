#!/usr/bin/env bash
# Fails when a C++ source differs from .clang-format; with --fix, reformats in place.
set -euo pipefail
cd "$(dirname "$0")/.."
files=$(git ls-files '*.h' '*.cpp' '*.cu' 2>/dev/null || find core ui app tests -name '*.h' -o -name '*.cpp')
if [ "${1:-}" = "--fix" ]; then
  clang-format -i $files
else
  clang-format --dry-run --Werror $files
fi
