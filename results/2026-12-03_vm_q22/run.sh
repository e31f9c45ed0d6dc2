#!/bin/bash
# Q(22) and U(22) with quadrant-join-tbb on 2 threads, journalled: the first sitting starts the
# journal, every later one resumes it (the finished pieces are kept; a stop loses only the pieces
# in progress). Stop a sitting with SIGTERM to the searchbench process alone (a signal to
# /usr/bin/time too loses its report) or Ctrl-C. Each sitting's CPU time and peak memory go
# to time_sittingK.txt, its progress lines to progress.log (appended).
#
#   bash run.sh K [SEARCHBENCH]     K: the sitting's number; SEARCHBENCH: default ../../build/searchbench
#
# The files go to the folder OUT (default: this one). This folder's journal is finished (its
# `result` line holds Q(22)), so here the script refuses to run; to count Q(22) again, start a
# journal elsewhere: `OUT=/tmp/q22 bash run.sh 1`, then `OUT=/tmp/q22 bash run.sh 2` ... .
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
k=${1:?usage: bash run.sh K [SEARCHBENCH]}
exe=$(realpath "${2:-$here/../../build/searchbench}")
dir=${OUT:-$here}
mkdir -p "$dir"
cd "$dir"
if grep -q '^result ' q22.journal 2>/dev/null; then
  echo "run.sh: $dir/q22.journal is finished (Q(22) is in its result line); to count again: OUT=DIR bash run.sh 1" >&2
  exit 2
fi
if [ -e q22.journal ]; then mode=--resume; else mode=--journal; fi
echo "== sitting $k, $(date -u +%Y-%m-%dT%H:%M:%SZ): $mode q22.journal" >> progress.log
/usr/bin/time -v -o "time_sitting$k.txt" "$exe" nqueens count -n 22 -k quadrant-join-tbb -t 2 \
  "$mode" q22.journal > "result_sitting$k.txt" 2>> progress.log
