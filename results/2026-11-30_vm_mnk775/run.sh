#!/bin/bash
exe=/tmp/q20/searchbench
for r in 1 2; do
for spec in "pns 1" "pns-tbb 1" "pns-tbb 2"; do
  set -- $spec
  /usr/bin/time -f "%e wall %U user %S sys" $exe mnk solve --board 7x7 -k 5 --all-moves --kernel $1 --threads $2 -f csv 2>/tmp/mnk775.err | tail -1 | cut -d, -f2,9,10,12-16
  echo "$1 t=$2 $(tail -1 /tmp/mnk775.err)"
done
done
