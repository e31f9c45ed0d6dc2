#!/usr/bin/python3
"""Converts Google Benchmark JSON from build/searchbench_micro to the `searchbench bench` CSV.

Usage: gbench_to_csv.py MICRO.json [-o OUT]     (default: CSV on stdout, one problem only)

Each benchmark run (run_type "iteration"; aggregates such as _mean are dropped) becomes one row
with the columns of `searchbench bench` (docs/harness.md, "CSV schema"): the common columns, the
provenance columns, then the problem's own columns, which searchbench_micro puts in the label
(col.NAME=VALUE, percent-encoded). One CSV per problem: with rows of one problem, OUT is that
file; with several, OUT is a directory that receives PROBLEM.csv for each. rep is
repetition_index + 1; wall_s is Google Benchmark's real time per iteration, i.e. the mean over
that repetition's iterations (not one call, unlike `searchbench bench`). threads is the thread
count the kernel reports; ranks is 1 (the microbenchmarks run in one process). Benchmarks that reported an error are listed on stderr and left out.
Exit status: 0, or 1 when a row failed verification or a benchmark reported an error (the CSV is
still written), 2 for unusable input.
"""
import argparse
import csv
import io
import json
import os
import sys
import tempfile
from datetime import datetime, timezone
from urllib.parse import unquote

# Must match sb::bench::common_columns() and provenance_columns() (src/core/bench.cpp).
COMMON = ["problem", "kernel", "backend", "instance", "threads", "ranks", "rep", "wall_s", "nodes",
          "nodes_per_s", "verified"]
PROVENANCE = ["git_sha", "host", "cpu_model", "compiler", "flags", "timestamp_utc"]

UNIT = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}


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


def parse_label(text):
    """The label's key=value pairs (values percent-decoded), in order."""
    out = {}
    for kv in text.split():
        if "=" in kv:
            k, v = kv.split("=", 1)
            out[k] = unquote(v)
    return out


def convert(doc):
    """Returns ({problem: (header, rows)}, number of failures)."""
    ctx = doc.get("context", {})
    stamp = ctx.get("timestamp_utc") or utc(ctx.get("date", ""))
    out, bad = {}, 0
    for b in doc.get("benchmarks", []):
        if b.get("run_type", "iteration") != "iteration":
            continue
        name = b.get("run_name") or b.get("name", "")
        if b.get("error_occurred"):
            print(f"gbench_to_csv.py: {name}: error: {b.get('error_message', '')}", file=sys.stderr)
            bad += 1
            continue
        label = parse_label(b.get("label", ""))
        if "problem" not in label or "kernel" not in label or "instance" not in label:
            print(f"gbench_to_csv.py: skipping '{name}' (not a searchbench_micro benchmark)",
                  file=sys.stderr)
            continue
        wall = float(b["real_time"]) * UNIT[b.get("time_unit", "ns")]
        nodes = int(b.get("nodes", 0))
        verified = label.get("verified", "na")
        if verified == "fail":
            bad += 1
        own = [k[4:] for k in label if k.startswith("col.")]
        row = {
            "problem": label["problem"], "kernel": label["kernel"],
            "backend": label.get("backend", ""), "instance": label["instance"],
            "threads": int(b.get("threads_used", 1)), "ranks": 1,
            "rep": int(b.get("repetition_index", 0)) + 1,
            "wall_s": fmt(wall), "nodes": nodes,
            "nodes_per_s": fmt(nodes / wall if wall > 0 else 0.0), "verified": verified,
            "git_sha": ctx.get("git_sha", ""),
            "host": ctx.get("searchbench_host", ctx.get("host_name", "")),
            "cpu_model": ctx.get("cpu_model", ""), "compiler": ctx.get("compiler", ""),
            "flags": ctx.get("flags", ""), "timestamp_utc": stamp,
        }
        for c in own:
            row[c] = label["col." + c]
        header = COMMON + PROVENANCE + own
        entry = out.setdefault(label["problem"], (header, []))
        entry[1].append([row.get(c, "") for c in entry[0]])
    return out, bad


def write_atomic(path, text):
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".gbench_to_csv.", dir=d)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def csv_text(header, rows):
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    return buf.getvalue()


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
    tables, bad = convert(doc)
    if not tables:
        print(f"gbench_to_csv.py: error: {args.json}: no searchbench_micro benchmarks",
              file=sys.stderr)
        return 2
    nrows = sum(len(rows) for _, rows in tables.values())
    if len(tables) == 1 and not (args.out and os.path.isdir(args.out)):
        (header, rows), = tables.values()
        text = csv_text(header, rows)
        if args.out:
            write_atomic(args.out, text)
        else:
            sys.stdout.write(text)
    else:
        if not args.out:
            print("gbench_to_csv.py: error: the JSON holds several problems "
                  f"({', '.join(tables)}): give -o DIR for one CSV per problem", file=sys.stderr)
            return 2
        os.makedirs(args.out, exist_ok=True)
        for problem, (header, rows) in tables.items():
            write_atomic(os.path.join(args.out, problem + ".csv"), csv_text(header, rows))
    print(f"gbench_to_csv.py: {nrows} rows" + (f", {bad} failed or errored" if bad else ""),
          file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
