#!/bin/bash
# G(15) and the 16 x 16 outcome: the queens game, normal play. Binary: /work/main/build/searchbench
# copied to /tmp/g15 (version string ad3956a8ec5b-dirty; its queens-game code is that of commit
# 29d2395). Each run alone, in a session whose autogroup had nice -20 so that the VM's other
# sessions yielded the CPU:
#   setsid bash -c 'echo -20 > /proc/self/autogroup; nohup ./run.sh &'
# (the three runs were started one at a time; n15_all_moves and n16_all_moves overlapped with
# nothing but a tsume trial on the other core).
exe=/tmp/g15/searchbench
run() {  # name, then the solve arguments
  local name=$1
  shift
  /usr/bin/time -v $exe queens-game solve "$@" -f json > $name.json 2> $name.err
  grep '^queens-game' $name.err > $name.progress   # progress lines (stderr, every 10 s)
  grep -v '^queens-game' $name.err > $name.time    # /usr/bin/time -v
  rm $name.err
}
# 1. The Grundy value after every first move (memo-sym-tbb, 1 thread): G(15) is their mex.
run n15_move_grundy -n 15 -k memo-sym-tbb -t 1 --move-grundy --max-memory 16G
# 2. Every first move classified by the outcome search (memo-sym, the serial kernel).
run n15_all_moves -n 15 -k memo-sym --all-moves --max-memory 16G
# 3. 16 x 16, every first move: no first move wins, so the second player wins and G(16) = 0.
run n16_all_moves -n 16 -k memo-sym-tbb -t 1 --all-moves --max-memory 16G
