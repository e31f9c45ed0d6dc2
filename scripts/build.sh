#!/usr/bin/env bash
# Configures and builds searchbench (Release) into build/ after installing what is missing.
# Extra arguments go to cmake, e.g. bash scripts/build.sh -DSEARCHBENCH_NATIVE=ON
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "$@" >&2
cmake --build build -j "$(nproc)" >&2
