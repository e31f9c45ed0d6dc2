#!/bin/bash
# G(17): the Grundy value of the 17 x 17 queens game (normal play), as the mex of the Grundy
# values after each first move, by a journalled solve. A run longer than one sitting: run this
# again to continue the journal where it stopped (a killed run loses only the pieces it was
# solving). Two routes, each with its own journal:
#   KERNEL=memo-sym-query-pieces (the default, g17-questions.journal): 17,101 pieces, each one
#     question "is (position after a first move and a reply) + *h lost?" asked heap by heap
#     while it is needed, so a stop loses minutes;
#   KERNEL=memo-sym-pieces (g17.journal): 45 pieces, one per class of first moves under the
#     board's eight symmetries, each hours of a core on this board.
# To stop a sitting started in the background (`nohup bash run.sh &`), send SIGTERM to the solve
# (`kill PID` of the searchbench process; not `pkill -f`, which also stops /usr/bin/time): such
# a job ignores SIGINT (the shell starts background jobs so when it has no job control), and the
# solve keeps a signal its parent ignored ignored.
#
#   cd results/2026-12-01_vm_g17 && THREADS=2 bash run.sh
#
# Binary: SEARCHBENCH (default: ../../build/searchbench, a Release build). Each sitting's
# stderr (progress every 10 s, then /usr/bin/time -v) is appended to g17.log.
set -u
cd "$(dirname "$0")"
exe=${SEARCHBENCH:-../../build/searchbench}
threads=${THREADS:-1}
kernel=${KERNEL:-memo-sym-query-pieces}
case $kernel in
  memo-sym-query-pieces) name=g17-questions ;;
  memo-sym-pieces) name=g17 ;;
  *) echo "run.sh: KERNEL is memo-sym-query-pieces or memo-sym-pieces, not '$kernel'" >&2; exit 2 ;;
esac
if [ -e $name.journal ]; then journal=(--resume $name.journal); else journal=(--journal $name.journal); fi
{
  echo "== sitting $(date -u +%FT%TZ) on $(hostname): $("$exe" --version) -k $kernel -t $threads ${journal[*]}" >&2
  /usr/bin/time -v "$exe" queens-game solve -n 17 --grundy --move-grundy -k "$kernel" \
    -t "$threads" --max-memory 12G "${journal[@]}" -f json > $name.json.part
  rc=$?
  echo "== exit $rc" >&2
  if [ $rc -eq 0 ]; then mv $name.json.part $name.json; else rm -f $name.json.part; fi
} 2>> g17.log
