#!/bin/bash
# G(15): the queens game on 15 x 15. Binary: /work/main/build/searchbench copied to /tmp/g15
# (version string ad3956a8ec5b-dirty; the queens-game code is that of commit 29d2395).
# Each run in a session whose autogroup had nice -20, one at a time:
#   setsid bash -c 'echo -20 > /proc/self/autogroup; nohup ./run.sh &'
exe=/tmp/g15/searchbench
# 1. The Grundy value after every first move (memo-sym-tbb, 1 thread): G(15) is their mex.
/usr/bin/time -v $exe queens-game solve -n 15 -k memo-sym-tbb -t 1 --move-grundy --max-memory 16G -f json \
  > n15_move_grundy.json 2> n15_move_grundy.err
# 2. Every first move classified by the outcome search (memo-sym, the serial kernel).
/usr/bin/time -v $exe queens-game solve -n 15 -k memo-sym --all-moves --max-memory 16G -f json \
  > n15_all_moves.json 2> n15_all_moves.err
# 3. 16 x 16, every first move (see NOTES.md).
/usr/bin/time -v $exe queens-game solve -n 16 -k memo-sym-tbb -t 1 --all-moves --max-memory 16G -f json \
  > n16_all_moves.json 2> n16_all_moves.err
