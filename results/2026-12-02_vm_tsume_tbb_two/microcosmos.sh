#!/bin/bash
# Microcosmos (1,525 plies), 8 GiB table, 300 s: dfpn-tbb on 2 threads, then dfpn on one, one run
# at a time on the otherwise idle 2-core VM. Writes microcosmos_<kernel>.json and .log (the
# progress lines: the shortest mate proved every 10 s) here. SEARCHBENCH: the binary (a copy).
set -u
cd "$(dirname "$0")"
exe=${SEARCHBENCH:-../../build/searchbench}
for k in dfpn-tbb dfpn; do
  t=1
  [ "$k" = dfpn-tbb ] && t=2
  "$exe" tsume solve --puzzle microcosmos -k "$k" -t "$t" --time-limit 300 --max-memory 8G \
    -f json > "microcosmos_$k.json" 2> "microcosmos_$k.log"
done
