#!/usr/bin/env bash
# The test command: set-up, build, then the whole CTest suite. Usage: bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
