#!/bin/bash
# The 8,8,5-game proved again from an empty journal with today's `pns` (the search of 7ec7513 and
# f4f379e, several times faster than the first sittings of ../2026-12-05_vm_mnk885), for issue
# 29's time goal: the whole proof's CPU against Hsu et al.'s 17.4 hours (Theor. Comput. Sci. 815,
# 2020). The same kernel, instance and piece list as that run, and the same table per piece (4 GiB:
# --max-memory is 4G per thread), so every piece must give that journal's value and node count
# (compare.py checks them): the rerun is also a second proof of every piece.
#
#   cd results/2026-12-06_vm_mnk885_rerun && THREADS=1 nohup nice -n 5 bash run.sh &
#
# Run again to continue the journal (a stop loses the pieces in progress). Stop with SIGTERM to
# the searchbench process (`kill PID`; not `pkill -f`, which also stops /usr/bin/time).
# Binary: SEARCHBENCH (default ../../build/searchbench, a Release build); stderr (progress, then
# /usr/bin/time -v) is appended to m885.log.
set -u
cd "$(dirname "$0")"
exe=${SEARCHBENCH:-../../build/searchbench}
threads=${THREADS:-1}
if [ -e m885.journal ]; then journal=(--resume m885.journal); else journal=(--journal m885.journal); fi
{
  echo "== sitting $(date -u +%FT%TZ) on $(hostname): $("$exe" --version) -t $threads ${journal[*]}" >&2
  /usr/bin/time -v "$exe" mnk solve -i 8x8k5 --all-moves --kernel pns-refutation-pieces \
    -t "$threads" --max-memory $((4 * threads))G "${journal[@]}" -f json > m885.json.part
  rc=$?
  echo "== exit $rc" >&2
  if [ $rc -eq 0 ]; then mv m885.json.part m885.json; else rm -f m885.json.part; fi
} 2>> m885.log
