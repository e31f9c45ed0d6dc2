#!/bin/bash
# Kluev's N-Queens-Count-Sol at n = 22 on one thread, cut into PARTS parts with its own
# `threads parts part` arguments (its Divider hands every PARTS-th task to a part), so the run
# spans several sittings: each finished part is appended to kluev_parts.csv and skipped when the script
# runs again. Q(22) is the sum of the parts' results once all are in.
#
#   bash scripts/nqueens/build_kluev.sh /tmp/kluev-src 22      # /tmp/kluev/kluev22
#   bash run_kluev.sh [PARTS=8] [PART...]                          # default: every missing part
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
parts=${1:-8}
shift || true
csv=$here/kluev_parts.csv
# the host column: the VM's name and its CPU's family and model (the VM has moved between hosts
# whose model name both read "AMD EPYC"; rows before this column's change say only "vm")
host="$(hostname)/$(awk -F': ' '/^cpu family/ { f = $2 } /^model\t/ { m = $2 } END { print "family" f "-model" m }' /proc/cpuinfo)"
out=
trap 'rm -f "$out" "$out.time"' EXIT
[ -f "$csv" ] || echo "parts,part,result,wall_s,user_s,sys_s,max_rss_kb,host,finished_utc" >"$csv"
list=("$@")
[ ${#list[@]} -gt 0 ] || list=($(seq 0 $((parts - 1))))
for p in "${list[@]}"; do
  if awk -F, -v P="$parts" -v p="$p" 'NR > 1 && $1 == P && $2 == p { f = 1 } END { exit !f }' "$csv"; then
    echo "part $p of $parts already in kluev_parts.csv" >&2
    continue
  fi
  echo "part $p of $parts: started $(date -u +%FT%TZ)" >&2
  out=$(mktemp)
  /usr/bin/time -f '%e %U %S %M' -o "$out.time" /tmp/kluev/kluev22 1 "$parts" "$p" >"$out"
  res=$(awk '/^Result:/ { print $2 }' "$out")
  read -r wall user sys rss <"$out.time"
  echo "$parts,$p,$res,$wall,$user,$sys,$rss,$host,$(date -u +%FT%TZ)" >>"$csv"
  echo "part $p of $parts: Result $res, $user s user, $rss kB" >&2
  rm -f "$out" "$out.time"
done
awk -F, -v P="$parts" 'NR > 1 && $1 == P { n++; q += $3; u += $5 + $6 }
  END { printf "%d of %d parts, partial sum %d, CPU %.0f s\n", n, P, q, u }' "$csv" >&2
