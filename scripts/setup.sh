#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages searchbench needs, only those that are missing.
# Does nothing (and needs no root) when everything is present. Usage: bash scripts/setup.sh
set -euo pipefail

PACKAGES=(
  g++ cmake make git
  libtbb-dev libcli11-dev nlohmann-json3-dev
  libopenmpi-dev openmpi-bin
  libbenchmark-dev libgtest-dev
  python3 python3-pandas python3-matplotlib python3-scipy
  time  # /usr/bin/time: CPU time and peak memory in the results/ scripts
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all packages present" >&2
  exit 0
fi

echo "setup: installing ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "setup: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
