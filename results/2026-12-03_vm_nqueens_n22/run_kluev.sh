#!/bin/bash
# Kluev's N-Queens-Count-Sol at n = 22 on one thread, cut into PARTS parts with its own
# `threads parts part` arguments (its Divider hands every PARTS-th task to a part), so the run
# spans several sittings: each finished part is appended to kluev_parts.csv and skipped when the
# script runs again on the same host (the host column: the VM's name and its CPU's family and
# model; a part measured on another host is run again, its row kept). Q(22) is the sum of one
# host's parts' results once all are in (the summary at the end).
#
#   bash scripts/nqueens/build_kluev.sh /tmp/kluev-src 22      # /tmp/kluev/kluev22
#   bash run_kluev.sh [PARTS=8] [PART...]                          # default: every missing part
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
parts=${1:-8}
shift || true
csv=$here/kluev_parts.csv
# the host column: the VM's name and its CPU's family and model (the VM has moved between hosts
# whose model names both read "AMD EPYC")
host="$(hostname)/$(awk -F': ' '/^cpu family/ { f = $2 } /^model\t/ { m = $2 } END { print "family" f "-model" m }' /proc/cpuinfo)"
out=
trap 'rm -f "$out" "$out.time"' EXIT
[ -f "$csv" ] || echo "parts,part,result,wall_s,user_s,sys_s,max_rss_kb,host,finished_utc" >"$csv"
list=("$@")
[ ${#list[@]} -gt 0 ] || list=($(seq 0 $((parts - 1))))
for p in "${list[@]}"; do
  if awk -F, -v P="$parts" -v p="$p" -v H="$host" \
    'NR > 1 && $1 == P && $2 == p && $8 == H { f = 1 } END { exit !f }' "$csv"; then
    echo "part $p of $parts already in kluev_parts.csv for host $host" >&2
    continue
  fi
  echo "part $p of $parts: started $(date -u +%FT%TZ) on $host" >&2
  out=$(mktemp)
  /usr/bin/time -f '%e %U %S %M' -o "$out.time" /tmp/kluev/kluev22 1 "$parts" "$p" >"$out"
  res=$(awk '/^Result:/ { print $2 }' "$out")
  read -r wall user sys rss <"$out.time"
  echo "$parts,$p,$res,$wall,$user,$sys,$rss,$host,$(date -u +%FT%TZ)" >>"$csv"
  echo "part $p of $parts: Result $res, $user s user, $rss kB" >&2
  rm -f "$out" "$out.time"
done
# Per host, over parts of every size (part p of 8 is parts p and p + 8 of 16): the share of the
# tasks done (1 when all are in, more if one was run at two sizes), the sum of the results, the CPU.
awk -F, 'NR > 1 { if (!($8 in f)) order[++k] = $8; f[$8] += 1 / $1; q[$8] += $3; u[$8] += $5 + $6 }
  END { for (i = 1; i <= k; i++) { h = order[i]
    printf "%s: %.4g of the tasks, sum %.0f, CPU %.0f s\n", h, f[h], q[h], u[h] } }' "$csv" >&2
