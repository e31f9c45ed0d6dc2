#!/bin/bash
# quadrant-join beside Evgeny Kluev's N-Queens-Count-Sol (MIT; built in /tmp only, never
# committed), one thread each, pair by pair (Kluev, then ours, for each n and repetition), wall
# seconds and peak RSS by /usr/bin/time; `constellation` beside them up to n = 18. Writes runs.csv (n, solver, rep, wall_s, peak_rss_kb,
# q). Run on an otherwise idle core.
#
#   bash run.sh KLUEV_CHECKOUT [N...]     (default N: 16 17 18 19 20; 3 repetitions up to 18, 1 above)
#
# KLUEV_CHECKOUT: a checkout of github.com/EvgenyKluev/N-Queens-Count-Sol at 580f444. Each size
# gets its own binary, /tmp/kluev/kluevN, built by scripts/nqueens/build_kluev.sh (as its README
# says, with that size's row of its parameter table; prefetch and BMI2 on up to n = 20).
# SEARCHBENCH: our binary (default ../../build/searchbench).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "${1:?usage: bash run.sh KLUEV_CHECKOUT [N...]}" && pwd)
shift
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(16 17 18 19 20)
exe=${SEARCHBENCH:-$here/../../build/searchbench}
bash "$here/../../scripts/nqueens/build_kluev.sh" "$src" "${sizes[@]}"
out=$here/runs.csv
echo "n,solver,rep,wall_s,peak_rss_kb,q" > "$out"
for n in "${sizes[@]}"; do
  reps=3
  [ "$n" -ge 19 ] && reps=1
  for rep in $(seq 1 "$reps"); do
    /usr/bin/time -f "%e %M" -o /tmp/kluev/time.txt "/tmp/kluev/kluev$n" 1 > /tmp/kluev/out.txt
    q=$(sed -n 's/^Result: //p' /tmp/kluev/out.txt)
    read -r wall rss < /tmp/kluev/time.txt
    echo "$n,kluev,$rep,$wall,$rss,$q" | tee -a "$out"
    /usr/bin/time -f "%e %M" -o /tmp/kluev/time.txt "$exe" nqueens count -n "$n" \
      -k quadrant-join -f csv > /tmp/kluev/out.txt
    q=$(tail -n 1 /tmp/kluev/out.txt | cut -d, -f19)
    read -r wall rss < /tmp/kluev/time.txt
    echo "$n,quadrant-join,$rep,$wall,$rss,$q" | tee -a "$out"
    if [ "$n" -le 18 ]; then  # our row search, for scale
      /usr/bin/time -f "%e %M" -o /tmp/kluev/time.txt "$exe" nqueens count -n "$n" \
        -k constellation -f csv > /tmp/kluev/out.txt
      q=$(tail -n 1 /tmp/kluev/out.txt | cut -d, -f19)
      read -r wall rss < /tmp/kluev/time.txt
      echo "$n,constellation,$rep,$wall,$rss,$q" | tee -a "$out"
    fi
  done
done
