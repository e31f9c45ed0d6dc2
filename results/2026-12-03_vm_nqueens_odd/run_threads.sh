#!/bin/bash
# quadrant-join-tbb on 2 threads against quadrant-join on one (issue 26, goal 2), beside the
# control that says whether the VM's two cores scale at that moment: two independent one-thread
# runs at once against one alone. Wall seconds by /usr/bin/time. Writes threads.csv (what, n,
# threads, wall_s, user_s) into the folder OUT (default: this one, where the committed file is
# never overwritten: `OUT=/tmp/threads bash run_threads.sh` reruns it).
#
#   bash run_threads.sh [SEARCHBENCH]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
exe=${1:-$here/../../build/searchbench}
dir=${OUT:-$here}
mkdir -p "$dir"
out=$dir/threads.csv
if [ -e "$out" ]; then
  echo "run_threads.sh: $out exists (a finished run); give another folder: OUT=DIR bash run_threads.sh" >&2
  exit 2
fi
tmp=$(mktemp -d)
echo "what,n,threads,wall_s,user_s" > "$out"
one() {  # label n kernel threads
  /usr/bin/time -f "%e %U" -o "$tmp/t.$1" "$exe" nqueens count -n "$2" -k "$3" -t "$4" \
    > /dev/null 2>&1
  read -r w u < "$tmp/t.$1"
  echo "$1,$2,$4,$w,$u" | tee -a "$out"
}
for n in 18 19 20; do
  one "alone" "$n" quadrant-join 1
  one "pair-a" "$n" quadrant-join 1 & one "pair-b" "$n" quadrant-join 1 & wait
  one "tbb" "$n" quadrant-join-tbb 2
done
rm -rf "$tmp"
