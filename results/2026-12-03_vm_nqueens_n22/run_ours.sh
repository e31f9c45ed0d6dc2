#!/bin/bash
# Q(22) with quadrant-join-tbb on one thread (`-t 1`: the serial kernel keeps no journal), journalled across sittings, for the
# n = 16..22 table beside Kluev's counter (run_kluev.sh, the other core). The first sitting
# starts the journal, every later one resumes it; stop a sitting with SIGTERM to the searchbench
# process alone (a signal to /usr/bin/time too loses its report). Each sitting's CPU time and
# peak memory go to ours_time_sittingK.txt, its progress lines to ours_progress.log.
#
#   bash run_ours.sh K [SEARCHBENCH]   K: the sitting's number; SEARCHBENCH: default ../../build/searchbench
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
k=${1:?usage: bash run_ours.sh K [SEARCHBENCH]}
exe=${2:-$here/../../build/searchbench}
cd "$here"
if [ -e ours.journal ]; then mode=--resume; else mode=--journal; fi
echo "== sitting $k, $(date -u +%Y-%m-%dT%H:%M:%SZ): $mode ours.journal, $("$exe" --version 2>/dev/null | head -1)" >>ours_progress.log
/usr/bin/time -v -o "ours_time_sitting$k.txt" "$exe" nqueens count -n 22 -k quadrant-join-tbb -t 1 \
  "$mode" ours.journal >"ours_result_sitting$k.txt" 2>>ours_progress.log
