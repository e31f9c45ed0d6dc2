#!/bin/bash
# Microcosmos (1525 moves) with dfpn, 8G table, 30 minutes, at autogroup nice -20; writes
# microcosmos.json here and microcosmos.log (the progress lines every 10 s: nodes, rate, the
# shortest mate proved so far; then /usr/bin/time -v). Uses build/searchbench of this checkout,
# or $SEARCHBENCH (a copy, so that the build may change while it runs).
here=$(cd "$(dirname "$0")" && pwd)
exe=${SEARCHBENCH:-$here/../../build/searchbench}
setsid bash -c "echo -20 > /proc/self/autogroup 2>/dev/null; /usr/bin/time -v '$exe' tsume solve \
  --sfen 'g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1' \
  -k dfpn --time-limit 1800 --max-memory 8G -f json > '$here/microcosmos.json.tmp' \
  2> '$here/microcosmos.log'" && mv "$here/microcosmos.json.tmp" "$here/microcosmos.json"
