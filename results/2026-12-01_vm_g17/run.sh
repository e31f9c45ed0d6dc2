#!/bin/bash
# G(17): the Grundy value of the 17 x 17 queens game (normal play), as the mex of the Grundy
# values after each first move, by the journalled solve (memo-sym-pieces: one piece per class of
# first moves under the board's eight symmetries, 45 pieces, heaviest first, each on its own
# table). A run longer than one sitting: run this again to continue the journal where it stopped
# (a killed run loses only the pieces it was solving). To stop a sitting started in the
# background (`nohup bash run.sh &`), send SIGTERM (`kill PID`): such a job ignores SIGINT (the
# shell starts background jobs so when it has no job control), and the solve keeps a signal its
# parent ignored ignored.
#
#   cd results/2026-12-01_vm_g17 && bash run.sh          # THREADS=2 for two pieces at once
#
# Binary: SEARCHBENCH (default: ../../build/searchbench, a Release build). Each sitting's
# stderr (progress every 10 s, then /usr/bin/time -v) is appended to g17.log.
set -u
cd "$(dirname "$0")"
exe=${SEARCHBENCH:-../../build/searchbench}
threads=${THREADS:-1}
if [ -e g17.journal ]; then journal=(--resume g17.journal); else journal=(--journal g17.journal); fi
{
  echo "== sitting $(date -u +%FT%TZ) on $(hostname): $("$exe" --version) -t $threads ${journal[*]}" >&2
  /usr/bin/time -v "$exe" queens-game solve -n 17 --grundy --move-grundy -k memo-sym-pieces \
    -t "$threads" --max-memory 12G "${journal[@]}" -f json > g17.json.part
  rc=$?
  echo "== exit $rc" >&2
  if [ $rc -eq 0 ]; then mv g17.json.part g17.json; else rm -f g17.json.part; fi
} 2>> g17.log
