#!/bin/bash
# Side by side of the mnk pns engine's builds on 8,8,5 pieces re-proved from the 8,8,5 journal
# (--verify P re-proves piece P and compares it with the journal), one run at a time on an
# otherwise idle machine. Each binary is a Release build of one commit, e.g.
#   git worktree add /tmp/w-c285bec c285bec && cmake -S /tmp/w-c285bec -B /tmp/b-c285bec \
#     -DCMAKE_BUILD_TYPE=Release && cmake --build /tmp/b-c285bec -j2 --target searchbench
# Usage: bash run.sh BIN_A BIN_B ... (rounds: ROUNDS, default 3; pieces: PIECES, default 362)
set -u
journal=$(cd "$(dirname "$0")/../2026-12-05_vm_mnk885" && pwd)/m885.journal
tmp=$(mktemp) && cp "$journal" "$tmp"  # --verify reads the journal; the copy keeps the run's own safe
for piece in ${PIECES:-362}; do
  for round in $(seq "${ROUNDS:-3}"); do
    for bin in "$@"; do
      /usr/bin/time -f "$bin piece=$piece round=$round user=%U wall=%e maxrss_kb=%M" "$bin" mnk solve \
        -i 8x8k5 --all-moves --kernel pns-refutation-pieces --max-memory 8G --verify "$piece" \
        --resume "$tmp" 2>&1 | grep -E 'user=|solved|verified'
    done
  done
done
rm -f "$tmp"
