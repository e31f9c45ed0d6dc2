#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz) with clang, AddressSanitizer and UBSan into
# build-fuzz/, and runs each from its seed corpus (tests/fuzz/corpus/<target>/).
#
#   scripts/fuzz.sh [--runs N] [--time SECONDS] [--jobs J] [--dict FILE] [TARGET ...]
#
# TARGET: sfen usi kif psq pbrain instance journal numbers (default: all, one after the other).
# --runs N: stop each target after N executions; --time S: after S seconds; both: whichever comes
# first (neither: --runs 100000).
# The corpus grows in build-fuzz/corpus/<target>/ (the seeds stay as committed); a crashing
# input is written to build-fuzz/crashes/<target>/ and stops the script with exit 1. Needs clang
# (Debian/Ubuntu: apt-get install clang); other compilers are refused by configure.
# Environment: CXX (default clang++), SEARCHBENCH_FUZZ_BUILD (default build-fuzz).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="" time_s="" jobs=1 dict="" targets=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs|--time|--jobs|--dict)
      [[ $# -ge 2 ]] || { echo "fuzz.sh: $1 needs a value (see --help)" >&2; exit 2; } ;;
  esac
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --time) time_s="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --dict) dict="$2"; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
all=(sfen usi kif psq pbrain instance journal numbers)
[[ ${#targets[@]} -gt 0 ]] || targets=("${all[@]}")
for t in "${targets[@]}"; do
  [[ " ${all[*]} " == *" $t "* ]] || { echo "fuzz.sh: unknown target $t (${all[*]})" >&2; exit 2; }
done
for v in "$runs" "$time_s" "$jobs"; do
  [[ -z "$v" || "$v" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: '$v' is not a positive whole number" >&2; exit 2; }
done
[[ -z "$dict" || -r "$dict" ]] || { echo "fuzz.sh: cannot read the dictionary $dict" >&2; exit 2; }
build="${SEARCHBENCH_FUZZ_BUILD:-build-fuzz}"
cxx="${CXX:-clang++}"
command -v "$cxx" >/dev/null || { echo "fuzz.sh: $cxx not found (apt-get install clang)" >&2; exit 2; }
cmake -S . -B "$build" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DSEARCHBENCH_FUZZ=ON -DSEARCHBENCH_BUILD_TESTS=OFF -DSEARCHBENCH_BUILD_BENCH=OFF \
  -DSEARCHBENCH_WITH_OPENMP=OFF -DSEARCHBENCH_WITH_MPI=OFF >&2
names=()
for t in "${targets[@]}"; do names+=("fuzz_$t"); done
cmake --build "$build" -j "$(nproc)" --target "${names[@]}" >&2
for t in "${targets[@]}"; do
  corpus="$build/corpus/$t" crashes="$build/crashes/$t"
  mkdir -p "$corpus" "$crashes"
  limit=()
  [[ -n "$runs" ]] && limit+=(-runs="$runs")
  [[ -n "$time_s" ]] && limit+=(-max_total_time="$time_s")
  [[ ${#limit[@]} -gt 0 ]] || limit=(-runs=100000)
  extra=()
  [[ "$jobs" -gt 1 ]] && extra+=(-jobs="$jobs" -workers="$jobs")
  [[ -n "$dict" ]] && extra+=(-dict="$dict")
  echo "fuzz.sh: $t (${limit[*]})" >&2
  # -rss_limit_mb: a parser that allocates gigabytes on a small input is a finding too.
  "$build/fuzz/fuzz_$t" "$corpus" "tests/fuzz/corpus/$t" "${limit[@]}" -rss_limit_mb=2048 -malloc_limit_mb=1024 -timeout=10 -print_final_stats=1 \
    -artifact_prefix="$crashes/" "${extra[@]}" >&2 ||
    { echo "fuzz.sh: $t found a fault; input in $crashes/" >&2; exit 1; }
done
