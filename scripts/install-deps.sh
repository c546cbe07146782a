#!/usr/bin/env bash
# Installs the Debian 12 packages Gantry needs to build, test and run, skipping those present.
set -euo pipefail
packages=(build-essential cmake ninja-build pkg-config clang-format
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev libqt6sql6-sqlite
  libeigen3-dev libsqlite3-dev libxgboost-dev xvfb xauth poppler-utils
  clang-14 libclang-rt-14-dev dpkg-dev desktop-file-utils openmpi-bin libopenmpi-dev libsimdjson-dev
  zlib1g-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
