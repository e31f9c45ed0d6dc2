#!/bin/bash
# Q(22) and U(22) with quadrant-join-tbb on 2 threads, journalled: the first sitting starts the
# journal, every later one resumes it (the finished pieces are kept; a stop loses only the pieces
# in progress). Stop a sitting with SIGTERM to the searchbench process alone (a signal to
# /usr/bin/time too loses its report) or Ctrl-C. Each sitting's CPU time and peak memory go
# to time_sittingK.txt, its progress lines to progress.log (appended).
#
#   bash run.sh K [SEARCHBENCH]     K: the sitting's number; SEARCHBENCH: default ../../build/searchbench
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
k=${1:?usage: bash run.sh K [SEARCHBENCH]}
exe=${2:-$here/../../build/searchbench}
cd "$here"
if [ -e q22.journal ]; then mode=--resume; else mode=--journal; fi
echo "== sitting $k, $(date -u +%Y-%m-%dT%H:%M:%SZ): $mode q22.journal" >> progress.log
/usr/bin/time -v -o "time_sitting$k.txt" "$exe" nqueens count -n 22 -k quadrant-join-tbb -t 2 \
  "$mode" q22.journal > "result_sitting$k.txt" 2>> progress.log
