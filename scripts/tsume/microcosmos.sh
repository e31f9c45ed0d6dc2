#!/bin/bash
# Microcosmos (1525 moves) with dfpn, 8G table, 30 minutes, at autogroup nice -20: writes
# <dir>/microcosmos.json (renamed into place when the run ends) and <dir>/<log> (stderr: the
# progress lines every 10 s, then /usr/bin/time -v).
# Usage: bash scripts/tsume/microcosmos.sh <dir> [log name, default microcosmos.log]
# Uses build/searchbench of this checkout, or $SEARCHBENCH (a copy, so the build may change).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(cd "${1:?usage: microcosmos.sh <dir> [log name]}" && pwd)
log=${2:-microcosmos.log}
exe=${SEARCHBENCH:-$root/build/searchbench}
setsid bash -c "echo -20 > /proc/self/autogroup 2>/dev/null; /usr/bin/time -v '$exe' tsume solve \
  --sfen 'g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1' \
  -k dfpn --time-limit 1800 --max-memory 8G -f json > '$dir/microcosmos.json.tmp' \
  2> '$dir/$log'" && mv "$dir/microcosmos.json.tmp" "$dir/microcosmos.json"
