#!/bin/bash
# queens game, memo-sym-tbb: 13x13 every first move and 14x14 Grundy value, 1 and 2 threads alternately
exe=/tmp/qg/searchbench
for r in 1 2 3; do
  for spec in "13 --all-moves" "14 --grundy"; do
    set -- $spec
    for t in 1 2; do
      /usr/bin/time -f "%e wall %U user %S sys %M KB" $exe queens-game solve -n $1 $2 -k memo-sym-tbb -t $t -f csv 2>/tmp/qg/err | tail -1
      echo "n=$1 $2 t=$t $(tail -1 /tmp/qg/err)"
    done
  done
done
