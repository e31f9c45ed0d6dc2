#!/usr/bin/env python3
"""Converts Google Benchmark JSON from build/searchbench_micro to the `searchbench bench` CSV.

Usage: gbench_to_csv.py MICRO.json [-o OUT.csv]     (default: CSV on stdout)

Each benchmark run (run_type "iteration"; aggregates such as _mean are dropped) becomes one row.
rep is repetition_index + 1; wall_s is Google Benchmark's real time per iteration, i.e. the mean
over that repetition's iterations (not one call, unlike `searchbench bench`). threads is the
thread count the kernel reports. verified comes from the label ("verified=pass|fail|na").
Provenance comes from the JSON context that searchbench_micro records. Benchmarks that reported
an error are listed on stderr and left out. Exit status: 0, or 1 when a row failed verification
or a benchmark reported an error (the CSV is still written), 2 for unusable input.
"""
import argparse
import csv
import io
import json
import os
import re
import sys
import tempfile
from datetime import datetime, timezone

# Must match sb::bench::csv_columns() (src/lib/bench.cpp) and README.md, "CSV schema".
COLUMNS = ["problem", "kernel", "backend", "n", "threads", "rep", "wall_s", "nodes",
           "nodes_per_s", "verified", "total", "unique", "rows", "cols", "winner",
           "winning_first_moves", "positions", "git_sha", "host", "cpu_model", "compiler",
           "flags", "timestamp_utc"]

UNIT = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
NAME = re.compile(r"^(?P<problem>[^/]+)/(?P<kernel>[^/]+)/n:(?P<n>\d+)/threads:(?P<threads>\d+)"
                  r"(?:/real_time)?$")


def fmt(x):
    """Shortest round-trip text of a float, like sb::format_double."""
    for prec in range(6, 18):
        s = f"{x:.{prec}g}"
        if float(s) == x:
            return s
    return repr(x)


def utc(date_text):
    """Google Benchmark's context date (local time with offset) as ISO 8601 UTC."""
    try:
        d = datetime.fromisoformat(date_text)
        if d.tzinfo is None:
            return date_text
        return d.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    except (TypeError, ValueError):
        return date_text or ""


def convert(doc):
    """Returns (rows as lists in COLUMNS order, number of failures)."""
    ctx = doc.get("context", {})
    stamp = ctx.get("timestamp_utc") or utc(ctx.get("date", ""))
    rows, bad = [], 0
    for b in doc.get("benchmarks", []):
        if b.get("run_type", "iteration") != "iteration":
            continue
        name = b.get("run_name") or b.get("name", "")
        if b.get("error_occurred"):
            print(f"gbench_to_csv.py: {name}: error: {b.get('error_message', '')}", file=sys.stderr)
            bad += 1
            continue
        m = NAME.match(name)
        if not m:
            print(f"gbench_to_csv.py: skipping '{name}' (not a searchbench_micro name)",
                  file=sys.stderr)
            continue
        label = dict(kv.split("=", 1) for kv in b.get("label", "").split() if "=" in kv)
        wall = float(b["real_time"]) * UNIT[b.get("time_unit", "ns")]
        nodes = int(b.get("nodes", 0))
        verified = label.get("verified", "na")
        if verified == "fail":
            bad += 1
        game = m["problem"] == "queens-game"
        n = int(m["n"])
        row = {
            "problem": m["problem"], "kernel": m["kernel"], "backend": label.get("backend", ""),
            "n": n, "threads": int(b.get("threads_used", m["threads"])),
            "rep": int(b.get("repetition_index", 0)) + 1,
            "wall_s": fmt(wall), "nodes": nodes, "nodes_per_s": fmt(nodes / wall if wall > 0 else 0.0),
            "verified": verified,
            "total": "" if game else int(b.get("total", 0)),
            "unique": "" if game else int(b.get("unique", 0)),
            "rows": n if game else "", "cols": n if game else "",
            "winner": ("first" if b.get("first_player_wins") else "second") if game else "",
            "winning_first_moves": int(b["winning_first_moves"]) if game and "winning_first_moves" in b else "",
            "positions": int(b.get("positions", 0)) if game else "",
            "git_sha": ctx.get("git_sha", ""), "host": ctx.get("searchbench_host", ctx.get("host_name", "")),
            "cpu_model": ctx.get("cpu_model", ""), "compiler": ctx.get("compiler", ""),
            "flags": ctx.get("flags", ""), "timestamp_utc": stamp,
        }
        rows.append([row[c] for c in COLUMNS])
    return rows, bad


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("json", help="Google Benchmark JSON (--benchmark_out_format=json)")
    ap.add_argument("-o", "--out", help="CSV file (written to a temporary name, then renamed)")
    args = ap.parse_args(argv)
    try:
        with open(args.json, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        print(f"gbench_to_csv.py: error: {args.json}: {e}", file=sys.stderr)
        return 2
    rows, bad = convert(doc)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(COLUMNS)
    w.writerows(rows)
    if args.out:
        d = os.path.dirname(os.path.abspath(args.out))
        fd, tmp = tempfile.mkstemp(prefix=".gbench_to_csv.", dir=d)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(buf.getvalue())
            os.replace(tmp, args.out)
        except BaseException:
            os.unlink(tmp)
            raise
    else:
        sys.stdout.write(buf.getvalue())
    print(f"gbench_to_csv.py: {len(rows)} rows" + (f", {bad} failed or errored" if bad else ""),
          file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
