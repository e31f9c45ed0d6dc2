#!/bin/bash
# Q(22) with quadrant-join-tbb on one thread (`-t 1`: the serial kernel keeps no journal), journalled across sittings, for the
# n = 16..22 table beside Kluev's counter (run_kluev.sh, the other core). The first sitting
# starts the journal, every later one resumes it; stop a sitting with SIGTERM to the searchbench
# process alone (a signal to /usr/bin/time too loses its report). Each sitting's CPU time and
# peak memory go to ours_time_sittingK.txt, its progress lines to ours_progress.log. A second
# run of the same count (another day, another binary) takes its own NAME: NAME.journal,
# NAME_time_sittingK.txt, NAME_result_sittingK.txt, NAME_progress.log.
#
#   bash run_ours.sh K [SEARCHBENCH] [NAME]   K: the sitting's number; SEARCHBENCH: default
#                                             ../../build/searchbench; NAME: default ours
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
k=${1:?usage: bash run_ours.sh K [SEARCHBENCH] [NAME]}
exe=${2:-$here/../../build/searchbench}
name=${3:-ours}
cd "$here"
if [ -e "$name.journal" ]; then mode=--resume; else mode=--journal; fi
echo "== sitting $k, $(date -u +%Y-%m-%dT%H:%M:%SZ): $mode $name.journal, $("$exe" --version 2>/dev/null | head -1)" >>"${name}_progress.log"
/usr/bin/time -v -o "${name}_time_sitting$k.txt" "$exe" nqueens count -n 22 -k quadrant-join-tbb -t 1 \
  "$mode" "$name.journal" >"${name}_result_sitting$k.txt" 2>>"${name}_progress.log"
