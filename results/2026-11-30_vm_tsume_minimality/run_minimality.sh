#!/bin/bash
# The cost of proving that no shorter mate exists (README, Tsume-shogi, "A closer look").
#   bash run_minimality.sh a   position A (muso-022 after N*4d 5b4b): "no mate within N" for
#                              N = 13, 17, 21, 25, one process each -> a_depth.csv
#   bash run_minimality.sh b   muso-080 and zuko-009 solved, then asked alone for a mate within
#                              L-2 (the post-search's last query) -> final_query.csv
# Every run: dfpn, --max-memory 1G. Uses build/searchbench, or $SEARCHBENCH (a copy).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
exe=${SEARCHBENCH:-$here/../../build/searchbench}
A='1p+r1n4/p1P2ks2/2Sp1pR2/3spN3/1N7/1P6+b/9/9/9 b 2GNPb2gs4l10p 1'
run() {  # header once, then one row per call
  "$exe" tsume solve --max-memory 1G -f csv "$@" 2>/dev/null < /dev/null
}
case "${1:?usage: run_minimality.sh a|b}" in
  a)
    out=$here/a_depth.csv
    { run --sfen "$A" --max-length 13
      for n in 17 21 25; do run --sfen "$A" --max-length $n | tail -1; done; } > "$out.tmp"
    mv "$out.tmp" "$out" ;;
  b)
    out=$here/final_query.csv
    { run --problem muso-080
      run --problem muso-080 --max-length 33 | tail -1
      run --problem zuko-009 | tail -1
      run --problem zuko-009 --max-length 29 | tail -1; } > "$out.tmp"
    mv "$out.tmp" "$out" ;;
  *) echo "usage: run_minimality.sh a|b" >&2; exit 2 ;;
esac
