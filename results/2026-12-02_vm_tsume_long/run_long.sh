#!/bin/bash
# The long set with one kernel: bash run_long.sh <kernel> <threads> writes long_<kernel>_t<threads>/
# <puzzle>.json here (tsume solve --time-limit 240 --max-memory 1G, one puzzle at a time).
# Microcosmos: bash run_long.sh <kernel> <threads> microcosmos (300 s, 8G table).
set -u
here=$(cd "$(dirname "$0")" && pwd)
exe=${SEARCHBENCH:-$here/../../build/searchbench}
k=$1 t=$2
out="$here/long_${k}_t${t}"
mkdir -p "$out"
if [ "${3:-}" = microcosmos ]; then
  "$exe" tsume solve --puzzle microcosmos -k "$k" -t "$t" --time-limit 300 --max-memory 8G \
    -f json > "$out/microcosmos.json" 2> "$out/microcosmos.log"
  exit
fi
for p in zuko-001 zuko-099 muso-100 zuko-100; do
  "$exe" tsume solve --puzzle "$p" -k "$k" -t "$t" --time-limit 240 --max-memory 1G -f json \
    > "$out/$p.json" 2> /dev/null
done
