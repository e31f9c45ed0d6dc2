#!/bin/bash
# quadrant-join beside Evgeny Kluev's N-Queens-Count-Sol (MIT; built in /tmp only, never committed)
# at n = 21, one thread each, both started at the same time on the shared 2-core VM (a journalled
# Q(22) run held the cores too), so the figure compared is each process's CPU time (user + sys,
# /usr/bin/time), which time-slicing does not inflate; wall time and peak RSS are recorded too.
#
#   bash run.sh KLUEV21 [SEARCHBENCH]
#
# KLUEV21: Kluev's counter at commit 580f444 built for n = 21 as its README says (g++ -std=c++20
# -O3 -march=native main.cpp, `size = 21` and that size's row of the solcounter.h table:
# sieveCuts 3, matchMinSize 60, bmiIntrin true, prefetch false; prefetchx86.h and bmi2.h
# included), e.g. by ../2026-12-02_vm_nqueens_quadrant_join/run.sh's steps with n = 21.
# Writes runs.csv (n, solver, wall_s, user_s, sys_s, peak_rss_kb, q).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
kluev=${1:?usage: bash run.sh KLUEV21 [SEARCHBENCH]}
exe=${2:-$here/../../build/searchbench}
tmp=$(mktemp -d)
/usr/bin/time -f "%e %U %S %M" -o "$tmp/kluev.time" "$kluev" 1 > "$tmp/kluev.out" &
k=$!
/usr/bin/time -f "%e %U %S %M" -o "$tmp/ours.time" "$exe" nqueens count -n 21 -k quadrant-join \
  -f csv > "$tmp/ours.out" 2> /dev/null &
o=$!
wait "$k" "$o"
qk=$(sed -n 's/^Result: //p' "$tmp/kluev.out")
qo=$(tail -n 1 "$tmp/ours.out" | awk -F, '{print $(NF-1)}')
{
  echo "n,solver,wall_s,user_s,sys_s,peak_rss_kb,q"
  read -r w u s m < "$tmp/kluev.time"
  echo "21,kluev,$w,$u,$s,$m,$qk"
  read -r w u s m < "$tmp/ours.time"
  echo "21,quadrant-join,$w,$u,$s,$m,$qo"
} > "$here/runs.csv"
cp "$tmp/ours.out" "$here/ours.csv"
cat "$here/runs.csv"
rm -rf "$tmp"
