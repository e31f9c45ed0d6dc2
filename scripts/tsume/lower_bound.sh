#!/bin/bash
# A proved lower bound on a long mate's length, raised step by step and journalled across sittings.
# A minimality proof asks one question, "mate within L - 2?" (L the known length), which for a
# mate of hundreds of plies may not finish in any one sitting. This script asks the same question
# for rising limits N (`tsume solve --max-length N`, dfpn): each answer "no mate within N plies"
# proves the mate longer than N, is appended to the journal as soon as it is known, and is never
# asked again, so a killed run loses only the question in progress, and the next sitting goes on
# from the journal (run the same command again: proved steps are skipped, and a question that
# ended at a limit is asked again, e.g. with a larger --time-limit or --max-memory).
#
# Usage: bash scripts/tsume/lower_bound.sh <journal.csv> <puzzle> <N>... [-- searchbench options]
#   e.g. bash scripts/tsume/lower_bound.sh mc.csv microcosmos 101 301 501 -- --max-memory 8G \
#        --time-limit 3600
# <puzzle>: a suite name (`searchbench tsume list`). The N (1..4000) are taken in rising order
# (made odd, as the attacker mates on odd plies). The options after `--` go to every `tsume
# solve` in place of the default (--max-memory 1G, no time limit): give --max-memory with them.
# Options that would change the question (-k, -f, --max-length, --puzzle, --sfen, --kif, --moves)
# are refused; --interpositions changes the rules, so a journal holds the answers of one setting.
# Journal columns: puzzle, max_length, answer (no-mate-within: proved; no-mate: no mate of any
# length, proved; mate: a mate of at most N plies exists, mate_length says which, and the ladder
# stops; mate-minimal: the same, and no shorter mate exists, proved; limit: a time, node or memory limit ended the search, and the ladder stops), mate_length,
# nodes, positions, wall_s, git_sha, timestamp_utc, options. Prints what is proved (stdout).
# Uses build/searchbench or $SEARCHBENCH. Progress (the solver's lines at 1 s, then every 10 s)
# goes to stderr. Exit status: 0 when the questions were asked (whatever the answers, a limit
# included), 2 for bad arguments or a journal that is not this puzzle's (one line on stderr,
# nothing written), 1 when searchbench fails; SIGINT or SIGTERM stop the solver too (exit 130 or
# 143; the answers already journalled stay).
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
  if ! [[ $1 =~ ^0*[0-9]{1,4}$ ]] || [ $((10#$1)) -lt 1 ] || [ $((10#$1)) -gt 4000 ]; then
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
# the rules' setting (--interpositions, default all); options that would change the question
rules=all
for ((i = 0; i < ${#options[@]}; i++)); do
  o=${options[i]}
  case $o in
  -k | --kernel | --kernel=* | -k?* | -f | --format | --format=* | -f?* | --max-length | \
    --max-length=* | --puzzle | --puzzle=* | --problem | --problem=* | --sfen | --sfen=* | \
    --kif | --kif=* | --moves | --moves=* | -h | --help)
    echo "lower_bound.sh: option ${o%%=*} is the script's own (it asks dfpn about <puzzle> with --max-length N); after -- give the solver's limits (--max-memory, --time-limit, --max-nodes) or --interpositions" >&2
    exit 2
    ;;
  --interpositions) rules=${options[i + 1]:-} ;;
  --interpositions=*) rules=${o#*=} ;;
  esac
done
rules_of() {  # the --interpositions setting in a journal row's options column
  awk '{r = "all"; for (i = 1; i <= NF; i++) {
          if ($i == "--interpositions") r = $(i + 1);
          else if ($i ~ /^--interpositions=/) r = substr($i, 18) }
        print r}'
}
plies() { [ "$1" -eq 1 ] && echo "1 ply" || echo "$1 plies"; }

# the journal: a file that can be written (checked before anything is created)
if [ -d "$journal" ]; then
  echo "lower_bound.sh: $journal is a directory, not a journal file" >&2
  exit 2
elif [ -e "$journal" ] && ! [ -w "$journal" ]; then
  echo "lower_bound.sh: cannot write the journal $journal (permission denied)" >&2
  exit 2
elif ! [ -e "$journal" ]; then
  dir=$(dirname -- "$journal")
  if ! [ -d "$dir" ] || ! [ -w "$dir" ] || ! (: > "$journal") 2> /dev/null; then
    echo "lower_bound.sh: cannot create the journal $journal (no writable folder $dir)" >&2
    exit 2
  fi
  rm -f -- "$journal"  # made for real below, once the puzzle and options are known to be good
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
  other=$(tail -n +2 "$journal" | cut -d, -f10 | rules_of | grep -v -x -F -- "$rules" | head -n 1 ||
    true)
  if [ -n "$other" ]; then
    echo "lower_bound.sh: $journal holds answers under --interpositions $other, not $rules: use another journal" >&2
    exit 2
  fi
else
  echo "$header" > "$journal"
fi

# Ctrl-C or SIGTERM: stop the solver as well (the answers journalled so far stay)
child=
out=$(mktemp)
stop() {
  if [ -n "$child" ]; then kill "$child" 2> /dev/null || true; wait "$child" 2> /dev/null || true; fi
  rm -f "$out"
  echo "lower_bound.sh: stopped; the answers so far are in $journal" >&2
  exit "$1"
}
trap 'stop 130' INT
trap 'stop 143' TERM
trap 'rm -f "$out"' EXIT

# settled N: "no mate within M" proved for some M >= N, or no mate at all
settled() {
  tail -n +2 "$journal" |
    awk -F, -v n="$1" '($3 == "no-mate-within" && $2 + 0 >= n + 0) || $3 == "no-mate"' | grep -q .
}
for n in "${limits[@]}"; do
  if settled "$n"; then
    echo "lower_bound.sh: no mate within $(plies "$n"): already proved in the journal" >&2
    continue
  fi
  if tail -n +2 "$journal" | awk -F, -v n="$n" '$3 ~ /^mate/ && $4 + 0 <= n + 0' | grep -q .; then
    echo "lower_bound.sh: the journal records a mate within $(plies "$n"); stopped" >&2
    break
  fi
  echo "lower_bound.sh: $puzzle, mate within $(plies "$n")? (${options[*]})" >&2
  "$exe" tsume solve --puzzle "$puzzle" -k dfpn --max-length "$n" "${options[@]}" -f json \
    < /dev/null > "$out" &
  child=$!
  if ! wait "$child"; then
    child=
    echo "lower_bound.sh: searchbench failed asking for a mate within $(plies "$n")" >&2
    exit 1
  fi
  child=
  row=$("$py" -c '
import json, sys
d = json.load(open(sys.argv[1]))
puzzle, n = sys.argv[2], int(sys.argv[3])
if d["outcome"] == "mate":
    answer = "mate-minimal" if d["length_proven"] else "mate"
elif d["outcome"] == "nomate":
    answer = "no-mate"
elif d["no_mate_within"] == n:
    answer = "no-mate-within"
else:
    answer = "limit"
length = "" if d["mate_length"] is None else str(d["mate_length"])
print(",".join([puzzle, str(n), answer, length, str(d["nodes"]), str(d["positions"]),
                "%.1f" % d["wall_s"], d["git_sha"], d["timestamp_utc"], " ".join(sys.argv[4:])]))
' "$out" "$puzzle" "$n" "${options[@]}")
  echo "$row" >> "$journal"
  echo "lower_bound.sh: $row" >&2
  case $row in
  *,no-mate-within,*) ;;
  *) break ;;
  esac
done
trap - INT TERM

best=$(tail -n +2 "$journal" |
  awk -F, '$3 == "no-mate-within" && $2 + 0 > b {b = $2 + 0} END {print b + 0}')
mate=$(tail -n +2 "$journal" |
  awk -F, '$3 ~ /^mate/ && (m == 0 || $4 + 0 < m) {m = $4 + 0} END {print m + 0}')
minimal=$(tail -n +2 "$journal" | awk -F, '$3 == "mate-minimal" {print $4 + 0; exit}')
last=$(tail -n 1 "$journal" | awk -F, '$3 == "limit" {print $2}')
if [ -n "$last" ]; then
  echo "$puzzle: mate within $(plies "$last")? not settled: a limit ended the search (journal $journal)"
fi
if tail -n +2 "$journal" | awk -F, '$3 == "no-mate"' | grep -q .; then
  echo "$puzzle: no mate of any length (proved; journal $journal)"
elif [ -n "$minimal" ]; then
  echo "$puzzle: mate in $(plies "$minimal"), proved minimal by the solver (journal $journal)"
elif [ "$mate" -gt 0 ] && [ "$best" -ge $((mate - 2)) ]; then
  echo "$puzzle: mate in $(plies "$mate"), proved minimal (no mate within $(plies "$best"); journal $journal)"
elif [ "$mate" -gt 0 ] && [ "$best" -gt 0 ]; then
  echo "$puzzle: a mate in $(plies "$mate") found; no mate within $(plies "$best") (proved; journal $journal)"
elif [ "$mate" -gt 0 ]; then
  echo "$puzzle: a mate in $(plies "$mate") found; no shorter bound proved yet (journal $journal)"
elif [ "$best" -gt 0 ]; then
  echo "$puzzle: no mate within $(plies "$best") (proved; journal $journal)"
else
  echo "$puzzle: nothing proved yet (journal $journal)"
fi
