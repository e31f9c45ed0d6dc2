#!/bin/bash
# quadrant-join (odd n: the middle column's queen placed first) beside Evgeny Kluev's
# N-Queens-Count-Sol (MIT; built in /tmp only, never committed) at n = 18..21 (issue 26, goal 1):
# for each n both counters start at the same time, one thread each on the 2-core VM; while
# Kluev's runs, ours is started again (repetitions under the same sharing). Compared: each
# process's CPU time (user + sys, /usr/bin/time); wall time and peak RSS recorded too.
#
#   bash run.sh KLUEV_CHECKOUT [SEARCHBENCH] [N...]     (default N: 18 19 20 21)
#
# KLUEV_CHECKOUT: a checkout of github.com/EvgenyKluev/N-Queens-Count-Sol at 580f444
# (`git archive 580f444 | tar -x -C DIR`). Each size gets its own binary, /tmp/kluev/kluevN,
# built by scripts/nqueens/build_kluev.sh (as its README says, with that size's row of its
# parameter table, prefetchx86.h and bmi2.h included). Writes runs.csv (n, solver, rep, wall_s,
# user_s, sys_s, peak_rss_kb, q) and ours.csv (our CSV rows) into the folder OUT (default: this
# one, where the committed files are never overwritten: `OUT=/tmp/odd bash run.sh ...` reruns it).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "${1:?usage: bash run.sh KLUEV_CHECKOUT [SEARCHBENCH] [N...]}" && pwd)
exe=${2:-$here/../../build/searchbench}
shift $(($# >= 2 ? 2 : 1))
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(18 19 20 21)
dir=${OUT:-$here}
mkdir -p "$dir"
for f in runs.csv ours.csv; do
  if [ -e "$dir/$f" ]; then
    echo "run.sh: $dir/$f exists (a finished run); give another folder: OUT=DIR bash run.sh ..." >&2
    exit 2
  fi
done
bash "$here/../../scripts/nqueens/build_kluev.sh" "$src" "${sizes[@]}"
tmp=$(mktemp -d)
out=$dir/runs.csv
echo "n,solver,rep,wall_s,user_s,sys_s,peak_rss_kb,q" > "$out"
for n in "${sizes[@]}"; do
  /usr/bin/time -f "%e %U %S %M" -o "$tmp/kluev.time" "/tmp/kluev/kluev$n" 1 > "$tmp/kluev.out" &
  k=$!
  rep=0
  while :; do
    rep=$((rep + 1))
    /usr/bin/time -f "%e %U %S %M" -o "$tmp/ours.time" "$exe" nqueens count -n "$n" \
      -k quadrant-join -f csv > "$tmp/ours.out" 2> /dev/null
    q=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) if ($i == "total") c = i } END { print $c }' "$tmp/ours.out")
    read -r w u s m < "$tmp/ours.time"
    echo "$n,quadrant-join,$rep,$w,$u,$s,$m,$q" | tee -a "$out"
    [ -s "$dir/ours.csv" ] || head -n 1 "$tmp/ours.out" > "$dir/ours.csv"
    tail -n 1 "$tmp/ours.out" >> "$dir/ours.csv"
    kill -0 "$k" 2> /dev/null || break
  done
  wait "$k"
  q=$(sed -n 's/^Result: //p' "$tmp/kluev.out")
  read -r w u s m < "$tmp/kluev.time"
  echo "$n,kluev,1,$w,$u,$s,$m,$q" | tee -a "$out"
done
rm -rf "$tmp"
