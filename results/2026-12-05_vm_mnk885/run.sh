#!/bin/bash
# The 8,8,5-game (8 x 8 board, five in a row, freestyle): proved a draw by Hsu, Ko, Chen, Wei,
# Hsueh and Wu (Theor. Comput. Sci. 815, 2020) in 17.4 hours. Here the value of every first move
# by the journalled solve pns-refutation-pieces: per class of first moves under the board's eight
# symmetries "does the move win?", asked through one chosen reply (the nearest, a diagonal
# neighbour first) as "does the mover still win?" per class of third moves (the whole question
# only if one says yes), and per class of replies "does the reply win?"; each a df-pn question
# (pns) on its own table. A run longer than one sitting: run this again to
# continue the journal where it stopped (a killed run loses only the piece it was solving). To
# stop a sitting started in the background (`nohup bash run.sh &`), send SIGTERM to the
# searchbench process (`pgrep -x searchbench` or the PID the progress shows); SIGINT is ignored
# by background jobs of a shell without job control.
#
#   cd results/2026-12-05_vm_mnk885 && bash run.sh          # THREADS=2 for two pieces at once
#
# Binary: SEARCHBENCH (default: ../../build/searchbench, a Release build). Each sitting's
# stderr (progress every 10 s, then /usr/bin/time -v) is appended to m885.log. Re-prove a piece:
#   ../../build/searchbench mnk solve -i 8x8k5 --all-moves --verify PIECE --resume m885.journal
set -u
cd "$(dirname "$0")"
exe=${SEARCHBENCH:-../../build/searchbench}
threads=${THREADS:-1}
if [ -e m885.journal ]; then journal=(--resume m885.journal); else journal=(--journal m885.journal); fi
{
  echo "== sitting $(date -u +%FT%TZ) on $(hostname): $("$exe" --version) -t $threads ${journal[*]}" >&2
  /usr/bin/time -v "$exe" mnk solve -i 8x8k5 --all-moves --kernel pns-refutation-pieces \
    -t "$threads" --max-memory 8G "${journal[@]}" -f json > m885.json.part
  rc=$?
  echo "== exit $rc" >&2
  if [ $rc -eq 0 ]; then mv m885.json.part m885.json; else rm -f m885.json.part; fi
} 2>> m885.log
