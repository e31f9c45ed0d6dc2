#!/usr/bin/env bash
# Scaling of the MPI kernel against the single-process one: bitboard-sym-mpi on P = 1, 2, ...
# ranks x T threads per rank, and bitboard-sym-tbb on 1 .. max(P x T) threads, at one n, written
# as the usual bench CSV (with the ranks column), env.json and tables.md (tabulate.py: the
# efficiency table against the single-process kernel).
#
# Usage: bash scripts/nqueens/mpi_bench.sh [-n N] [-p "1 2"] [-t "1 2"] [-r REPS] [-o DIR]
#   -n N     board size (default 17)
#   -p LIST  rank counts (default "1 2")
#   -t LIST  threads per rank (default "1 2")
#   -r REPS  repetitions (default 5), after one unrecorded warm-up round
#   -o DIR   output folder (default results/<date>_<host>_mpi)
# Repetitions are interleaved: every configuration runs once per round, so that the drift of a
# shared machine falls on all of them alike. Ranks are started with
#   ${MPIRUN:-mpirun} ${MPIRUN_ARGS:-} --map-by slot:PE=T --bind-to core -np P
# (T cores per rank, each rank's threads on its own cores; Open MPI's default would bind each rank
# to one core, and its T threads with it), or with --bind-to none when P x T exceeds the cores
# (and --oversubscribe when P does). Environment: SEARCHBENCH_CLI (default build/searchbench),
# MPIRUN, MPIRUN_ARGS (e.g. a hostfile: then the binding is computed for this machine's cores,
# so give the mapping yourself in MPIRUN_ARGS).
set -euo pipefail
cd "$(dirname "$0")/../.."

n=17
ranks="1 2"
threads="1 2"
reps=5
out=""
while getopts "n:p:t:r:o:h" opt; do
  case "$opt" in
    n) n="$OPTARG" ;;
    p) ranks="$OPTARG" ;;
    t) threads="$OPTARG" ;;
    r) reps="$OPTARG" ;;
    o) out="$OPTARG" ;;
    *) sed -n '2,20p' "$0" >&2; exit 2 ;;
  esac
done
for v in $n $ranks $threads $reps; do
  case "$v" in
    ''|*[!0-9]*) echo "mpi_bench.sh: error: '$v' is not a positive integer" >&2; exit 2 ;;
  esac
  if [ "$v" -lt 1 ]; then echo "mpi_bench.sh: error: '$v' is not a positive integer" >&2; exit 2; fi
done

if [ -x /usr/bin/python3 ]; then PY=/usr/bin/python3; else PY=python3; fi
cli="${SEARCHBENCH_CLI:-build/searchbench}"
[ -x "$cli" ] || { echo "mpi_bench.sh: error: $cli not built (bash scripts/build.sh)" >&2; exit 2; }
mpirun="${MPIRUN:-mpirun}"
command -v "$mpirun" >/dev/null ||
  { echo "mpi_bench.sh: error: $mpirun not found (apt-get install openmpi-bin)" >&2; exit 2; }
"$cli" list | grep '^nqueens *bitboard-sym-mpi ' >/dev/null ||
  { echo "mpi_bench.sh: error: $cli has no MPI kernel (configure with -DSEARCHBENCH_WITH_MPI=ON)" >&2
    exit 2; }

cores=$(nproc)
max=1
for p in $ranks; do for t in $threads; do [ $((p * t)) -gt "$max" ] && max=$((p * t)); done; done
single=""
for ((c = 1; c <= max; c++)); do single="${single:+$single,}$c"; done

if [ -z "$out" ]; then
  host="$(hostname -s 2>/dev/null || hostname)"
  out="results/$(date -u +%Y-%m-%d)_${host}_mpi"
  i=2
  base="$out"
  while [ -e "$out" ]; do out="${base}_$i"; i=$((i + 1)); done
fi
parts="$out/parts"
mkdir -p "$parts"
echo "mpi_bench: n = $n, ranks {$ranks} x threads {$threads}, bitboard-sym-tbb on 1..$max" \
     "threads, $reps reps -> $out ($(uptime | sed 's/.*load/load/'))" >&2

round() {  # round NAME: every configuration once, CSVs to $parts/NAME_*.csv
  "$cli" bench --kernels bitboard-sym-tbb --n "$n" --threads "$single" --reps 1 --warmup 0 \
    --budget 0 --out "$parts/$1_single.csv" --env "$parts/$1_single.json" 2>>"$out/bench.log"
  for p in $ranks; do
    for t in $threads; do
      local bind="--map-by slot:PE=$t --bind-to core"
      if [ $((p * t)) -gt "$cores" ]; then bind="--bind-to none"; fi
      if [ "$p" -gt "$cores" ]; then bind="$bind --oversubscribe"; fi
      # shellcheck disable=SC2086
      "$mpirun" ${MPIRUN_ARGS:-} $bind -np "$p" "$cli" bench --kernels bitboard-sym-mpi \
        --n "$n" --threads "$t" --reps 1 --warmup 0 --budget 0 --out "$parts/$1_mpi${p}x$t.csv" \
        --env "$parts/$1_mpi${p}x$t.json" 2>>"$out/bench.log"
    done
  done
}

round warmup
for ((r = 1; r <= reps; r++)); do
  echo "mpi_bench: round $r/$reps ($(uptime | sed 's/.*load/load/'))" >&2
  round "rep$r"
done

# One CSV: the rounds' rows, numbered rep 1..R per configuration; env.json from the first round.
"$PY" - "$parts" "$out" "$reps" <<'EOF'
import glob, json, os, sys
import pandas as pd
parts, out, reps = sys.argv[1], sys.argv[2], int(sys.argv[3])
frames = []
for r in range(1, reps + 1):
    for f in sorted(glob.glob(os.path.join(parts, f"rep{r}_*.csv"))):
        df = pd.read_csv(f, dtype=str)
        df["rep"] = str(r)
        frames.append(df)
df = pd.concat(frames, ignore_index=True)
tmp = os.path.join(out, f"nqueens.csv.tmp.{os.getpid()}")
df.to_csv(tmp, index=False)
os.replace(tmp, os.path.join(out, "nqueens.csv"))
envs = {os.path.basename(f)[len("rep1_"):-len(".json")]: json.load(open(f))
        for f in sorted(glob.glob(os.path.join(parts, "rep1_*.json")))}
first = next(iter(envs.values()))
env = {k: first[k] for k in first if k not in ("command", "csv", "skipped", "errors", "rows",
                                                "cells_run", "cells_planned", "verified")}
env["commands"] = {k: v.get("command", "") for k, v in envs.items()}
env["rounds"] = reps
env["rows"] = len(df)
env["verified"] = df["verified"].value_counts().to_dict()
with open(os.path.join(out, "env.json.tmp"), "w") as f:
    json.dump(env, f, indent=2)
os.replace(os.path.join(out, "env.json.tmp"), os.path.join(out, "env.json"))
EOF
rm -rf "$parts"
"$PY" scripts/tabulate.py "$out/nqueens.csv" -o "$out/tables.md"
echo "mpi_bench: done: $out/nqueens.csv, env.json, tables.md, bench.log" >&2
