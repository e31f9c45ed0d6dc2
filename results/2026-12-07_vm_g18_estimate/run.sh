#!/bin/bash
# The growth of the queens game's even boards (second-player wins, Grundy value 0), for an
# estimate of G(18): the winner of n x n, n = 10, 12, 14, 16, by memo-sym on one thread (one
# table, the engine's own move order), nodes and time per board. Binary: SEARCHBENCH (default
# ../../build/searchbench, a Release build). Files per board: nN.csv (`solve -f csv`), nN.time
# (progress lines and /usr/bin/time -v). N = 16 takes about 15 minutes and 3.6 GB.
set -eu
cd "$(dirname "$0")"
exe=${SEARCHBENCH:-../../build/searchbench}
for n in ${SIZES:-10 12 14 16}; do
  /usr/bin/time -v "$exe" queens-game solve -n "$n" -k memo-sym --max-memory 8G -f csv \
    > "n$n.csv" 2> "n$n.time"
done
