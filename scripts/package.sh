#!/usr/bin/env bash
# Builds the Debian package of Gantry (CPack, cmake/GantryPackage.cmake): a Release build
# without tests in build-package/, installed under /usr, and build-package/gantry_*.deb.
# Extra arguments go to CMake. Install it with: apt-get install ./build-package/gantry_*.deb
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build-package -G Ninja -DCMAKE_BUILD_TYPE=Release -DGANTRY_BUILD_TESTS=OFF \
  -DCMAKE_INSTALL_PREFIX=/usr "$@" >/dev/null
cmake --build build-package
rm -f build-package/gantry_*.deb
(cd build-package && cpack -G DEB)
ls build-package/gantry_*.deb
