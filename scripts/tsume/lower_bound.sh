#!/bin/bash
# A proved lower bound on a long mate's length, raised step by step and journalled across sittings.
# A minimality proof asks one question, "mate within L - 2?" (L the known length), which for a
# mate of hundreds of plies may not finish in any one sitting. This script asks the same question
# for rising limits N (`tsume solve --max-length N`, dfpn): each answer "no mate within N plies"
# proves the mate longer than N, is appended to the journal as soon as it is known, and is never
# asked again, so a killed run loses only the question in progress, and the next sitting goes on
# from the journal (run the same command again; a larger --time-limit retries a question that
# hit its limit).
#
# Usage: bash scripts/tsume/lower_bound.sh <journal.csv> <puzzle> <N>... [-- searchbench options]
#   e.g. bash scripts/tsume/lower_bound.sh mc.csv microcosmos 101 301 501 -- --max-memory 8G \
#        --time-limit 3600
# <puzzle>: a suite name (`searchbench tsume list`). The N are taken in rising order (made odd,
# as the attacker mates on odd plies). The options after `--` go to every `tsume solve` (default
# --max-memory 1G, no time limit). Journal columns: puzzle, max_length, answer (no-mate-within: proved;
# mate: a mate of at most N plies exists, mate_length says which, and the ladder stops; limit: a
# limit ended the search, and the ladder stops), mate_length, nodes, positions, wall_s, git_sha,
# timestamp_utc, options. Prints the highest N proved. Uses build/searchbench or $SEARCHBENCH.
# Progress (the solver's lines every 10 s) goes to stderr. Bad arguments, a journal of another
# puzzle or with other columns: one line on stderr, exit 2.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
exe=${SEARCHBENCH:-$root/build/searchbench}
py=/usr/bin/python3
usage="usage: bash scripts/tsume/lower_bound.sh <journal.csv> <puzzle> <N>... [-- searchbench options]"
header="puzzle,max_length,answer,mate_length,nodes,positions,wall_s,git_sha,timestamp_utc,options"

if [ $# -lt 3 ]; then
  echo "$usage" >&2
  exit 2
fi
journal=$1
puzzle=$2
shift 2
limits=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  if ! [[ $1 =~ ^[0-9]+$ ]] || [ "$1" -lt 1 ] || [ "$1" -gt 4000 ]; then
    echo "lower_bound.sh: '$1' is not a mate length in 1..4000 plies" >&2
    exit 2
  fi
  n=$((10#$1))
  [ $((n % 2)) -eq 0 ] && n=$((n - 1))
  limits+=("$n")
  shift
done
[ $# -gt 0 ] && shift
options=("$@")
[ ${#options[@]} -eq 0 ] && options=(--max-memory 1G)
if [ ${#limits[@]} -eq 0 ]; then
  echo "$usage" >&2
  exit 2
fi
mapfile -t limits < <(printf '%s\n' "${limits[@]}" | sort -n -u)

# the puzzle and the options, tried once on a limit of one ply: searchbench's own message
err=$(mktemp)
if ! "$exe" tsume solve --puzzle "$puzzle" -k dfpn --max-length 1 "${options[@]}" -f csv \
  > /dev/null 2> "$err" < /dev/null; then
  head -n 1 "$err" >&2
  rm -f "$err"
  exit 2
fi
rm -f "$err"

if [ -e "$journal" ]; then
  if [ "$(head -n 1 "$journal")" != "$header" ]; then
    echo "lower_bound.sh: $journal is not a lower-bound journal (its first line is not the header)" >&2
    exit 2
  fi
  other=$(tail -n +2 "$journal" | cut -d, -f1 | grep -v -x -F -- "$puzzle" | head -n 1 || true)
  if [ -n "$other" ]; then
    echo "lower_bound.sh: $journal is the journal of puzzle $other, not $puzzle" >&2
    exit 2
  fi
else
  echo "$header" > "$journal"
fi

# settled N: "no mate within M" proved for some M >= N
settled() {
  tail -n +2 "$journal" | awk -F, -v n="$1" '$3 == "no-mate-within" && $2 + 0 >= n + 0' | grep -q .
}
for n in "${limits[@]}"; do
  if settled "$n"; then
    echo "lower_bound.sh: no mate within $n plies: already proved in the journal" >&2
    continue
  fi
  if tail -n +2 "$journal" | awk -F, -v n="$n" '$3 == "mate" && $4 + 0 <= n + 0' | grep -q .; then
    echo "lower_bound.sh: the journal records a mate within $n plies; stopped" >&2
    break
  fi
  echo "lower_bound.sh: $puzzle, mate within $n plies? (${options[*]})" >&2
  json=$("$exe" tsume solve --puzzle "$puzzle" -k dfpn --max-length "$n" "${options[@]}" -f json \
    < /dev/null)
  row=$(printf '%s' "$json" | "$py" -c '
import json, sys
d = json.load(sys.stdin)
n = int(sys.argv[1])
if d["outcome"] == "mate":
    answer = "mate"
elif d["no_mate_within"] == n or d["outcome"] == "no mate":
    answer = "no-mate-within"
else:
    answer = "limit"
length = "" if d["mate_length"] is None else str(d["mate_length"])
print(",".join([d["instance"], str(n), answer, length, str(d["nodes"]), str(d["positions"]),
                "%.1f" % d["wall_s"], d["git_sha"], d["timestamp_utc"], " ".join(sys.argv[2:])]))
' "$n" "${options[@]}")
  echo "$row" >> "$journal"
  echo "lower_bound.sh: $row" >&2
  case $row in
  *,no-mate-within,*) ;;
  *) break ;;
  esac
done

best=$(tail -n +2 "$journal" |
  awk -F, '$3 == "no-mate-within" && $2 + 0 > b {b = $2 + 0} END {print b + 0}')
mate=$(tail -n +2 "$journal" |
  awk -F, '$3 == "mate" && (m == 0 || $4 + 0 < m) {m = $4 + 0} END {print m + 0}')
if [ "$mate" -gt 0 ] && [ "$best" -ge $((mate - 2)) ]; then
  echo "$puzzle: mate in $mate plies, proved minimal (no mate within $best; journal $journal)"
elif [ "$best" -gt 0 ]; then
  echo "$puzzle: no mate within $best plies (proved; journal $journal)"
else
  echo "$puzzle: nothing proved yet (journal $journal)"
fi
