#!/usr/bin/env bash
# The test command: set-up, build, then the whole CTest suite.
# Usage: bash scripts/test.sh          the default build (build/, every backend on)
#        bash scripts/test.sh --off    a build without oneTBB, OpenMP and MPI (build-off/): the
#                                      kernels of those backends are not built and their tests
#                                      skip
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--off" ]; then
  bash scripts/setup.sh
  cmake -S . -B build-off -DCMAKE_BUILD_TYPE=Release -DSEARCHBENCH_WITH_TBB=OFF \
    -DSEARCHBENCH_WITH_OPENMP=OFF -DSEARCHBENCH_WITH_MPI=OFF -DSEARCHBENCH_BUILD_BENCH=OFF >&2
  cmake --build build-off -j "$(nproc)" >&2
  ctest --test-dir build-off --output-on-failure -j "$(nproc)"
else
  bash scripts/build.sh
  ctest --test-dir build --output-on-failure -j "$(nproc)"
fi
