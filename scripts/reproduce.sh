#!/usr/bin/env bash
# The main job: set-up, Release build, the benchmark suite, tables and plots, all into
# results/<date>_<host>/ (a suffix _2, _3, ... if that folder is already there).
#
# Usage: bash scripts/reproduce.sh [quick|full]
#   quick (default): about 6 minutes on 2 cores plus the build; every kernel, threads 1 and 2
#                    (and all cores) for the parallel ones; naive-bitparallel runs n = 8, naive-full-check
#                    runs to n = 7 and tabulate.py estimates its n = 8 time (full runs it).
#   full:            larger n and more thread counts (hours on 2 cores).
# Writes one CSV per problem (<problem>.csv), env.json, bench.log (the progress), tables.md and
# the PNG plots.
# Exit status: the benchmark's (1 when a result failed verification), after tables and plots.
# Optional environment (for trials; the defaults are the reproducible run):
#   SEARCHBENCH_BENCH_ARGS  extra options for `searchbench bench` (e.g. "--kernels bitboard")
#   SEARCHBENCH_RESULTS     results root instead of results/ (e.g. /tmp/sb-results)
#   SEARCHBENCH_CLI         an already built CLI to use; the set-up and build are then skipped
set -euo pipefail
cd "$(dirname "$0")/.."

suite="${1:-quick}"
case "$suite" in
  quick|full) ;;
  *) echo "usage: bash scripts/reproduce.sh [quick|full]" >&2; exit 2 ;;
esac

# Debian's pandas and matplotlib: prefer the system interpreter over a pyenv/venv python3.
if [ -x /usr/bin/python3 ]; then PY=/usr/bin/python3; else PY=python3; fi

t0=$(date +%s)
cli="${SEARCHBENCH_CLI:-}"
if [ -z "$cli" ]; then
  bash scripts/build.sh >&2  # progress, like the benchmark's
  cli=build/searchbench
fi

host="$(hostname -s 2>/dev/null || hostname)"
base="${SEARCHBENCH_RESULTS:-results}/$(date -u +%Y-%m-%d)_${host}"
out="$base"
i=2
while [ -e "$out" ]; do out="${base}_$i"; i=$((i + 1)); done
mkdir -p "$out"

echo "reproduce: suite $suite -> $out" >&2
status=0
# shellcheck disable=SC2086
"$cli" bench --suite "$suite" ${SEARCHBENCH_BENCH_ARGS:-} --out "$out/" \
  2> >(tee "$out/bench.log" >&2) || status=$?
wait  # for tee

if ! ls "$out"/*.csv >/dev/null 2>&1; then
  echo "reproduce: error: the benchmark wrote no CSV (exit $status); see $out/bench.log" >&2
  exit "$((status == 0 ? 1 : status))"
fi

"$PY" scripts/tabulate.py "$out" -o "$out/tables.md"
"$PY" scripts/plot.py "$out" -d "$out" >/dev/null

t1=$(date +%s)
# the result (where the files are) on stdout; everything before it is progress, on stderr
echo "reproduce: done in $((t1 - t0)) s; results in $out:"
ls -1 "$out" | sed 's/^/  /'
if [ "$status" -ne 0 ]; then
  echo "reproduce: error: searchbench bench exited $status (a verification failure or a kernel" \
       "error; see $out/bench.log)" >&2
fi
exit "$status"
