# Shared by scripts/tsume/suite.sh and scripts/tsume/mainline.sh (sourced, not run).

# tsume_out_dir <usage line> <dir>: creates <dir> if needed and prints its absolute path; a missing
# or empty <dir> prints the usage line on stderr and exits 2.
tsume_out_dir() {
  if [ -z "${2:-}" ]; then
    echo "usage: $1" >&2
    exit 2
  fi
  mkdir -p "$2"
  (cd "$2" && pwd)
}

# tsume_totals <csv> <kernel> <what>: one line of totals over a result CSV (wall_s, nodes and the
# verified counts).
tsume_totals() {
  /usr/bin/python3 -c "
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print('%s: %d %s, %.1f s, %d nodes;' % (sys.argv[2], len(rows), sys.argv[3],
      sum(float(r['wall_s']) for r in rows), sum(int(r['nodes']) for r in rows)),
      {v: sum(r['verified'] == v for r in rows) for v in ('pass', 'na', 'fail')})" "$1" "$2" "$3"
}
