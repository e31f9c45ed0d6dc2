#!/usr/bin/env python3
"""Tests of scripts/tabulate.py, plot.py, gbench_to_csv.py and compare.py on small CSV files
made during the test (by `searchbench bench`, searchbench_micro, or written here with known
values), of scripts/fuzz.sh's argument checks, of scripts/tsume/lower_bound.sh and usi_mate.py,
and of scripts/gomoku/match_pool.py.
Registered with CTest by tests/CMakeLists.txt, which sets SEARCHBENCH_CLI, SEARCHBENCH_SOURCE_DIR
and, when the microbenchmarks are built, SEARCHBENCH_MICRO.

Usage: SEARCHBENCH_CLI=build/searchbench python3 tests/core/test_scripts.py [TestClass ...]
"""
import csv
import math
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

SOURCE = os.environ.get("SEARCHBENCH_SOURCE_DIR",
                        os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
CLI = os.environ.get("SEARCHBENCH_CLI", os.path.join(SOURCE, "build", "searchbench"))
MICRO = os.environ.get("SEARCHBENCH_MICRO", "")
SCRIPTS = os.path.join(SOURCE, "scripts")
PY = sys.executable

COMMON = ("problem,kernel,backend,instance,threads,ranks,rep,wall_s,nodes,nodes_per_s,verified,"
          "git_sha,host,cpu_model,compiler,flags,timestamp_utc").split(",")
HEADER = COMMON + ["n", "total", "unique"]  # nqueens
GAME_HEADER = COMMON + ["n", "rows", "cols", "play", "winner", "winning_first_moves", "grundy",
                        "positions", "winning_squares", "move_grundy"]  # queens-game


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=120, **kw)


def script(name, *args):
    return run([PY, os.path.join(SCRIPTS, name), *args])


def synthetic_rows():
    """Rows with known medians: naive-full-check n = 7 takes 0.5 s (not run at n = 8),
    naive-bitparallel n = 8 2 s, bitboard 1 ms, a parallel kernel halves."""
    prov = {"git_sha": "abc", "host": "testhost", "cpu_model": "Test CPU, 2 cores",
            "compiler": "GNU 12.2.0", "flags": "-O3", "timestamp_utc": "2026-01-01T00:00:00Z"}
    rows = []

    def add(kernel, backend, n, threads, walls, nodes, problem="nqueens", **extra):
        for rep, w in enumerate(walls, 1):
            r = {c: "" for c in (HEADER if problem == "nqueens" else GAME_HEADER)}
            r.update(prov)
            instance = str(n) if problem == "nqueens" else f"{n}x{n}"
            r.update(problem=problem, kernel=kernel, backend=backend, instance=instance, n=n,
                     threads=threads, ranks=1, rep=rep, wall_s=w, nodes=nodes, nodes_per_s=nodes / w,
                     verified="pass")
            r.update(extra)
            rows.append(r)

    add("naive-full-check", "tbb", 6, 1, [0.02, 0.02, 0.02], 1947792, total=4, unique=1)
    add("naive-full-check", "tbb", 7, 1, [0.4, 0.5, 0.6], 85900584, total=40, unique=6)
    add("naive-bitparallel", "tbb", 7, 1, [0.05, 0.06, 0.04], 85900584, total=40, unique=6)
    add("naive-bitparallel", "tbb", 8, 1, [1.9, 2.0, 2.1], 4426165368, total=92, unique=12)
    add("bitboard", "serial", 8, 1, [0.001, 0.001, 0.002], 2056, total=92, unique=12)
    add("bitboard", "serial", 12, 1, [0.05, 0.05, 0.05], 10103868, total=14200, unique=1787)
    for t, w in [(1, 1.0), (2, 0.5)]:
        add("bitboard-sym-tbb", "tbb", 8, t, [w / 1000] * 3, 543, total=92, unique=12)
        add("bitboard-sym-tbb", "tbb", 12, t, [w] * 3, 195542, total=14200, unique=1787)
    for n, winner in [(3, "first"), (4, "first")]:
        add("memo", "serial", n, 1, [0.001 * n] * 3, 100 * n, problem="queens-game",
            rows=n, cols=n, play="normal", winner=winner, positions=10 * n,
            winning_first_moves=1 if n == 3 else 4,
            grundy=2 if n == 3 else "", verified="pass" if n % 2 else "na")
    return rows


def write_csv(path, rows):
    """Writes the rows of each problem to its own file, as `searchbench bench` does: path for
    nqueens and path with queens-game.csv beside it."""
    by_problem = {}
    for r in rows:
        by_problem.setdefault(r["problem"], []).append(r)
    for problem, rs in by_problem.items():
        p = path if problem == "nqueens" else os.path.join(os.path.dirname(path),
                                                              problem + ".csv")
        with open(p, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=HEADER if problem == "nqueens" else GAME_HEADER,
                               lineterminator="\n")
            w.writeheader()
            w.writerows(rs)


class TabulatePlotFromCli(unittest.TestCase):
    """The scripts on a real CSV written by `searchbench bench`."""

    def test_bench_csv_tables_and_plots(self):
        listed = run([CLI, "list"]).stdout
        parallel = "bitboard-sym-tbb" if "bitboard-sym-tbb" in listed else (
            "bitboard-sym-omp" if "bitboard-sym-omp" in listed else None)
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "bench.csv")
            kernels = "backtrack-rows,bitboard" + ("," + parallel if parallel else "")
            r = run([CLI, "bench", "--kernels", kernels,
                     "--n", "4..8", "--threads", "1,2", "--reps", "2", "--warmup", "0", "--out", out])
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(out) as f:
                rows = list(csv.reader(f))
            self.assertEqual(rows[0], HEADER)
            # 2 serial kernels + 1 parallel at 2 thread counts, 5 sizes, 2 reps
            self.assertEqual(len(rows), 1 + 2 * 5 * (4 if parallel else 2))
            r = script("tabulate.py", out, "-o", os.path.join(d, "tables.md"))
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(os.path.join(d, "tables.md")) as f:
                md = f.read()
            self.assertIn("### Median wall time per kernel and n\n", md)
            self.assertIn("| kernel | n = 4 | n = 5 | n = 6 | n = 7 | n = 8 |", md)
            self.assertIn("### Every kernel at n = 8 against the naive enumeration", md)
            self.assertIn("naive-full-check: no run at n <= 8 in the data", md)
            self.assertIn("### Speedup over 1 thread", md)
            if parallel:
                self.assertIn(f"| {parallel} | 8 |", md)
            else:  # built without oneTBB and OpenMP
                self.assertIn("No parallel kernel was measured", md)
            r = script("plot.py", out, "-d", d)
            self.assertEqual(r.returncode, 0, r.stderr)
            for name in ["time_vs_n_nqueens.png"] + (
                    ["speedup_vs_threads_nqueens.png"] if parallel else []):
                p = os.path.join(d, name)
                self.assertTrue(os.path.exists(p), name)
                with open(p, "rb") as f:
                    self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")

    def test_gomoku_part(self):
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "gomoku.csv")
            r = run([CLI, "bench", "--problem", "gomoku", "--kernels", "vcf,alphabeta",
                     "--instances", "vcf03;vcf08;mid02/d2", "--reps", "1", "--warmup", "0",
                     "--out", out])
            self.assertEqual(r.returncode, 0, r.stderr)
            r = script("tabulate.py", out, "-o", os.path.join(d, "tables.md"))
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(os.path.join(d, "tables.md")) as f:
                md = f.read()
            self.assertIn("### Median nodes per kernel and instance", md)
            self.assertIn("### Gomoku engine: VCF positions won, nodes and moves per second", md)
            self.assertRegex(md, r"\| vcf \| 2/2 \| [0-9.e+]+ \|  \|")
            self.assertRegex(md, r"\| alphabeta \| 2/2 \| [0-9.e+]+ \| [0-9.e+]+ \|")


class TabulateKnownValues(unittest.TestCase):
    """The tables' numbers on a CSV with known medians."""

    def test_speedups_and_estimate(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "known.csv")
            write_csv(path, synthetic_rows())
            r = script("tabulate.py", d)  # the run directory: both problems' files
            self.assertEqual(r.returncode, 0, r.stderr)
            md = r.stdout
            self.assertIn("C(64, 8) = 4,426,165,368 placements", md)
            # naive-full-check at n = 8, estimated: 0.5 s / C(49, 7) per placement x C(64, 8).
            seed8 = 0.5 / math.comb(49, 7) * math.comb(64, 8)
            self.assertIn(f"naive-full-check, 1 thread(s): ~{seed8:.3g} s (estimate: its median "
                          f"cost per placement at n = 7, {0.5 / math.comb(49, 7) * 1e9:.3g} ns, "
                          "times C(64, 8))", md)
            self.assertIn(f"| naive-full-check | tbb | 1 | ~{seed8:.3g} s (estimate) | "
                          "4,426,165,368 |", md)
            self.assertIn("| naive-bitparallel | tbb | 1 | 2 s | 4,426,165,368 |", md)
            self.assertIn(f"| bitboard | serial | 1 | 1 ms | 2,056 | 2.06e+06 | "
                          f"~{seed8 / 0.001:,.0f}x | 2,000x |", md)
            self.assertIn(f"| bitboard-sym-tbb | tbb | 2 | 500 us | 543 | 1.09e+06 | "
                          f"~{seed8 / 0.0005:,.0f}x | 4,000x |", md)
            self.assertIn("| bitboard-sym-tbb | 12 | 1 s | 500 ms (2.00x) |", md)
            # At n = 12 both naive kernels are extrapolated from their cost per placement.
            seed12 = 0.5 / math.comb(49, 7) * math.comb(144, 12)
            bp12 = 2.0 / math.comb(64, 8) * math.comb(144, 12)
            year = 365.25 * 86400
            self.assertIn("### The naive enumerations extrapolated to larger n (estimate)", md)
            self.assertIn(f"| 12 | 1.036e+17 | ~{seed12 / year:.3g} years (estimate) | "
                          f"~{bp12 / year:.3g} years (estimate) | bitboard | 50 ms | "
                          f"~{seed12 / 0.05:.3g}x (estimate) |", md)
            self.assertIn("## queens-game", md)
            self.assertIn("| 3 x 3 | normal | first | 2 | pass | memo |", md)
            self.assertIn("### Median wall time per kernel and board", md)
            self.assertIn("| kernel | 3x3 | 4x4 |", md)
            self.assertIn("testhost", md)

    def test_former_kernel_name_reads_as_the_new_one(self):
        # Files written before naive-full-check was renamed name it naive-seed.
        rows = synthetic_rows()
        for r in rows:
            if r["kernel"] == "naive-full-check":
                r["kernel"] = "naive-seed"
        with tempfile.TemporaryDirectory() as d:
            write_csv(os.path.join(d, "old.csv"), rows)
            r = script("tabulate.py", d)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("| naive-full-check | tbb | 1 | ~", r.stdout)
            self.assertNotIn("naive-seed", r.stdout)

    def test_game_rows_without_move_values_read_as_value_only(self):
        # Files written with the former `bench --no-all-moves` left winning_first_moves empty
        # and named the board alone; the instance now says ":value-only".
        rows = synthetic_rows()
        for r in rows:
            if r["problem"] == "queens-game" and r["instance"] == "4x4":
                r["winning_first_moves"] = ""
        with tempfile.TemporaryDirectory() as d:
            write_csv(os.path.join(d, "old.csv"), rows)
            r = script("tabulate.py", d)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("| kernel | 3x3 | 4x4:value-only |", r.stdout)

    def test_rejects_other_csv(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "other.csv")
            with open(path, "w") as f:
                f.write("a,b\n1,2\n")
            r = script("tabulate.py", path)
            self.assertEqual(r.returncode, 2)
            self.assertIn("not a searchbench bench CSV", r.stderr)

    def test_plots_both_problems(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "known.csv")
            write_csv(path, synthetic_rows())
            r = script("plot.py", path, os.path.join(d, "queens-game.csv"))  # beside the CSV
            self.assertEqual(r.returncode, 0, r.stderr)
            for name in ["time_vs_n_nqueens.png", "speedup_vs_threads_nqueens.png",
                         "time_vs_n_queens-game.png"]:
                self.assertTrue(os.path.getsize(os.path.join(d, name)) > 1000, name)
            self.assertIn("no speedup plot", r.stderr)  # queens-game: serial only here


@unittest.skipUnless(MICRO and os.path.exists(MICRO), "searchbench_micro not built")
class GbenchToCsv(unittest.TestCase):
    """searchbench_micro's JSON converts to the same CSV schema."""

    def test_micro_json_to_csv(self):
        with tempfile.TemporaryDirectory() as d:
            js = os.path.join(d, "micro.json")
            r = run([MICRO, "--benchmark_filter=^nqueens/bitboard/10/", "--benchmark_min_time=0.01",
                     "--benchmark_repetitions=2", f"--benchmark_out={js}",
                     "--benchmark_out_format=json"])
            self.assertEqual(r.returncode, 0, r.stderr)
            out = os.path.join(d, "micro.csv")
            r = script("gbench_to_csv.py", js, "-o", out)
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(out) as f:
                rows = list(csv.DictReader(f))
            with open(out) as f:
                self.assertEqual(f.readline().strip().split(","), HEADER)
            self.assertEqual(len(rows), 2)  # aggregates (_mean, ...) dropped
            for i, row in enumerate(rows, 1):
                self.assertEqual(row["kernel"], "bitboard")
                self.assertEqual(row["instance"], "10")
                self.assertEqual(row["n"], "10")
                self.assertEqual(row["rep"], str(i))
                self.assertEqual(row["verified"], "pass")
                self.assertEqual(row["total"], "724")
                self.assertGreater(float(row["wall_s"]), 0)
            r = script("tabulate.py", out)
            self.assertEqual(r.returncode, 0, r.stderr)

    def test_two_problems_go_to_a_directory(self):
        with tempfile.TemporaryDirectory() as d:
            js = os.path.join(d, "micro.json")
            r = run([MICRO, "--benchmark_filter=^(nqueens/bitboard/10|queens-game/memo/4x4)/",
                     "--benchmark_min_time=0.01", f"--benchmark_out={js}",
                     "--benchmark_out_format=json"])
            self.assertEqual(r.returncode, 0, r.stderr)
            r = script("gbench_to_csv.py", js)  # several problems need -o DIR
            self.assertEqual(r.returncode, 2)
            out = os.path.join(d, "csv")
            r = script("gbench_to_csv.py", js, "-o", out)
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(os.path.join(out, "queens-game.csv")) as f:
                rows = list(csv.DictReader(f))
            with open(os.path.join(out, "queens-game.csv")) as f:
                self.assertEqual(f.readline().strip().split(","), GAME_HEADER)
            self.assertEqual(rows[0]["instance"], "4x4")
            self.assertEqual(rows[0]["winner"], "first")
            self.assertEqual(rows[0]["verified"], "pass")
            self.assertTrue(os.path.exists(os.path.join(out, "nqueens.csv")))


def compare_runs(d):
    """Two synthetic runs OLD and NEW (folders with nqueens.csv) with known outcomes:
    bitboard n = 12 20 % slower with 1 % noise (slower), n = 13 20 % faster (faster);
    bitboard-sym-tbb n = 12, 2 threads, unchanged with 30 % noise, its node count varying between
    repetitions (no change); backtrack-rows n = 10 with another node count in NEW, the same times
    (search changed); bitboard-sym n = 11 with 3 repetitions a side (undecidable: the smallest
    two-sided Mann-Whitney p is 2 / C(6, 3) = 0.1); constellation n = 13 in OLD only,
    naive-full-check n = 6 in NEW only."""
    noise = [1.0, 1.01, 0.99, 1.005, 0.995, 1.002, 0.998, 1.008, 0.992, 1.001]
    wide = [0.7, 1.3, 1.0, 0.8, 1.2, 0.9, 1.1, 0.75, 1.25, 1.05]
    runs = {}
    for side in ("old", "new"):
        rows = []
        prov = {"git_sha": side, "host": "testhost", "cpu_model": "Test CPU, 2 cores",
                "compiler": "GNU 12.2.0", "flags": "-O3", "timestamp_utc": "2026-01-01T00:00:00Z"}

        def add(kernel, backend, n, threads, walls, nodes):
            for rep, w in enumerate(walls, 1):
                r = {c: "" for c in HEADER}
                r.update(prov)
                nd = nodes[rep - 1] if isinstance(nodes, list) else nodes
                r.update(problem="nqueens", kernel=kernel, backend=backend, instance=str(n), n=n,
                         threads=threads, ranks=1, rep=rep, wall_s=w, nodes=nd,
                         nodes_per_s=nd / w, verified="pass")
                rows.append(r)

        slow = 1.2 if side == "new" else 1.0
        fast = 0.8 if side == "new" else 1.0
        add("bitboard", "serial", 12, 1, [0.1 * slow * x for x in noise], 10103868)
        add("bitboard", "serial", 13, 1, [0.5 * fast * x for x in noise], 56391405)
        order = wide if side == "old" else wide[::-1]
        add("bitboard-sym-tbb", "tbb", 12, 2, [0.05 * x for x in order],
            [195542 + i for i in range(10)])
        add("backtrack-rows", "serial", 10, 1, [0.01 * x for x in noise],
            34815 if side == "old" else 34816)
        add("bitboard-sym", "serial", 11, 1, [0.02 * slow] * 3, 2680 * 4)
        if side == "old":
            add("constellation", "serial", 13, 1, [0.002] * 5, 685032)
        else:
            add("naive-full-check", "tbb", 6, 1, [0.02] * 5, 1947792)
        os.makedirs(os.path.join(d, side))
        write_csv(os.path.join(d, side, "nqueens.csv"), rows)
        runs[side] = os.path.join(d, side)
    return runs["old"], runs["new"]


class Compare(unittest.TestCase):
    """scripts/compare.py on two synthetic runs with known outcomes, its bad-input lines, and the
    plot styles of plot.py and compare.py."""

    EXPECTED = {("bitboard", "12", "1"): "slower", ("bitboard", "13", "1"): "faster",
                ("bitboard-sym-tbb", "12", "2"): "no change",
                ("backtrack-rows", "10", "1"): "search changed",
                ("bitboard-sym", "11", "1"): "undecidable",
                ("constellation", "13", "1"): "only in old",
                ("naive-full-check", "6", "1"): "only in new"}

    def test_markings_csv(self):
        with tempfile.TemporaryDirectory() as d:
            old, new = compare_runs(d)
            r = script("compare.py", old, new, "-f", "csv")
            self.assertEqual(r.returncode, 0, r.stderr)
            rows = list(csv.DictReader(r.stdout.splitlines()))
            got = {(x["kernel"], x["instance"], x["threads"]): x["result"] for x in rows}
            self.assertEqual(got, self.EXPECTED)
            by = {(x["kernel"], x["instance"]): x for x in rows}
            # medians of the synthetic values: 0.1 x median(noise) = 0.1 x (1.0 + 1.001) / 2
            self.assertAlmostEqual(float(by[("bitboard", "12")]["old_median_s"]), 0.10005)
            self.assertAlmostEqual(float(by[("bitboard", "12")]["ratio"]), 1.2)
            b12 = by[("bitboard", "12")]
            lo, hi = float(b12["ci_low"]), float(b12["ci_high"])
            self.assertTrue(1.17 < lo <= 1.2 <= hi < 1.23, (lo, hi))
            # every NEW rep above every OLD rep: exact two-sided p = 2 / C(20, 10)
            self.assertAlmostEqual(float(by[("bitboard", "12")]["p_value"]),
                                   2 / math.comb(20, 10))
            self.assertEqual(by[("bitboard-sym-tbb", "12")]["nodes"], "varies")
            self.assertEqual(by[("backtrack-rows", "10")]["nodes"], "changed")
            self.assertEqual(by[("bitboard", "12")]["nodes"], "same")

    def test_markdown_and_plot(self):
        with tempfile.TemporaryDirectory() as d:
            old, new = compare_runs(d)
            r = script("compare.py", old, new, "--plot", d)
            self.assertEqual(r.returncode, 0, r.stderr)
            md = r.stdout
            self.assertIn("Same host, CPU, compiler and flags in both runs.", md)
            self.assertIn("## nqueens", md)
            self.assertIn("5 cells in both runs: 1 faster, 1 slower, 1 no change, "
                          "1 search changed, 1 undecidable.", md)
            self.assertRegex(md, r"\| bitboard \| 12 \| 1 \| 100 ms \| 120 ms \| 1\.200 \| "
                                 r"[0-9.]+ \.\. [0-9.]+ \| [0-9.e-]+ \| 10/10 \| "
                                 r"same \(10,103,868\) \| \*\*slower\*\* \|")
            self.assertIn("| changed: 34,815 -> 34,816 | **search changed** |", md)
            self.assertRegex(md, r"\| bitboard-sym-tbb \| 12 \| 2 \| .* \| varies \| no change \|")
            self.assertIn("In OLD only (1 cells): constellation threads 1: 13.", md)
            self.assertIn("In NEW only (1 cells): naive-full-check threads 1: 6.", md)
            p = os.path.join(d, "compare_nqueens.png")
            with open(p, "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")

    def test_other_host_named_and_refused(self):
        with tempfile.TemporaryDirectory() as d:
            old, new = compare_runs(d)
            path = os.path.join(new, "nqueens.csv")
            with open(path) as f:
                text = f.read()
            with open(path, "w") as f:
                f.write(text.replace(",testhost,", ",otherhost,").replace(",-O3,", ",-O2,"))
            r = script("compare.py", old, new)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("**Not like for like: the runs differ in host, flags**", r.stdout)
            self.assertIn("| host (differs) | testhost | otherhost |", r.stdout)
            r = script("compare.py", "--same-host", old, new)
            self.assertEqual(r.returncode, 2)
            self.assertEqual(r.stdout, "")
            self.assertEqual(r.stderr, "compare.py: error: --same-host: the runs differ in host "
                             "(testhost vs otherhost); flags (-O3 vs -O2)\n")

    def test_bad_input_one_line_exit_2(self):
        with tempfile.TemporaryDirectory() as d:
            old, new = compare_runs(d)
            other = os.path.join(d, "other.csv")
            with open(other, "w") as f:
                f.write("a,b\n1,2\n")
            game = os.path.join(d, "game")
            os.makedirs(game)
            write_csv(os.path.join(game, "nqueens.csv"),
                      [x for x in synthetic_rows() if x["problem"] == "queens-game"])
            for args, message in [
                    ((os.path.join(d, "missing"), new), "OLD " + os.path.join(d, "missing") +
                     ": no such file or folder"),
                    ((old, other), f"NEW: {other} is not a searchbench bench CSV"),
                    ((old, game), "OLD holds nqueens and NEW queens-game: no problem in both"),
                    (("--plot", other, old, new), f"--plot {other}: cannot make this folder")]:
                r = script("compare.py", *args)
                self.assertEqual(r.returncode, 2, args)
                self.assertEqual(r.stdout, "")
                self.assertEqual(len(r.stderr.splitlines()), 1, r.stderr)
                self.assertTrue(r.stderr.startswith("compare.py: error: " + message), r.stderr)

    def test_every_series_distinct(self):
        """The time plot of the 16 nqueens kernels (each parallel one at 1 and 2 threads, MPI at
        1x1, 1x2, 2x1): no two lines share colour, line style and marker."""
        sys.path.insert(0, SCRIPTS)
        import plot
        import pandas as pd
        kernels = [("naive-full-check", "tbb"), ("naive-bitparallel", "tbb"),
                   ("backtrack-squares", "serial"), ("backtrack-rows", "serial"),
                   ("bitboard", "serial"), ("bitboard-sym", "serial"),
                   ("bitboard-sym-omp", "openmp"),
                   ("bitboard-sym-tbb", "tbb"), ("constellation", "serial"),
                   ("constellation-tbb", "tbb"), ("bitboard-sym-mpi", "mpi"),
                   ("constellation-mpi", "mpi")]
        rows = []
        for k, b in kernels:
            variants = {"serial": [(1, 1)],
                        "mpi": [(1, 1), (2, 1), (1, 2)]}.get(b, [(1, 1), (2, 1)])
            for t, rk in variants:
                for n in (6, 7):
                    rows.append(dict(problem="nqueens", kernel=k, backend=b, instance=str(n),
                                     threads=t, ranks=rk, wall_s=0.01 * n, nodes=1))
        s = plot.stats(pd.DataFrame(rows), "nqueens")
        fig, ax = plot.plt.subplots()
        plot.draw_time(ax, s, "nqueens")
        lines = [c.lines[0] for c in ax.containers]
        self.assertEqual(len(lines), 5 + 5 * 2 + 2 * 3)  # serial, 1-2 threads, MPI
        styles = [(tuple(ln.get_color()) if not isinstance(ln.get_color(), str) else ln.get_color(),
                   ln.get_linestyle(), ln.get_marker()) for ln in lines]
        self.assertEqual(len(set(styles)), len(styles))
        # one hue per family: naive-full-check and bitboard-sym-mpi no longer share a colour
        colour = {c.get_label(): c.lines[0].get_color() for c in ax.containers}
        self.assertNotEqual(colour["naive-full-check (1 thr)"], colour["bitboard-sym-mpi (1x1)"])
        self.assertNotEqual(colour["naive-bitparallel (1 thr)"], colour["constellation-mpi (1x1)"])
        self.assertEqual(colour["bitboard-sym-tbb (1 thr)"], colour["bitboard-sym-omp (1 thr)"])
        plot.plt.close(fig)


class MpiPlan(unittest.TestCase):
    """scripts/nqueens/mpi_plan.py on journals written by the CLI, its schedule on known values, and
    scripts/nqueens/mpi_bench.sh on a small n (when the MPI kernel is built)."""

    def setUp(self):
        sys.path.insert(0, os.path.join(SCRIPTS, "nqueens"))
        import mpi_plan  # noqa: E402
        self.plan = mpi_plan

    def test_list_schedule_known_values(self):
        # Two cores, pieces in order 3, 1, 1, 1: core A takes 3, core B 1, 1, 1 -> 3.
        self.assertEqual(self.plan.list_schedule([3, 1, 1, 1], 2, 0), 3)
        # Largest last: 1, 1, 1, 3 -> A: 1, 1; B: 1, then 3 (free at 1) -> 4.
        self.assertEqual(self.plan.list_schedule([1, 1, 1, 3], 2, 0), 4)
        self.assertEqual(self.plan.list_schedule([2, 2], 8, 0.5), 2.5)
        import random
        t = self.plan.target_times([1, 2, 3, 4] * 10, 100, 50.0, random.Random(1))
        self.assertEqual(len(t), 100)
        self.assertAlmostEqual(sum(t), 50.0)
        self.assertEqual(self.plan.fnv1a(b"a"), 0xaf63dc4c8601ec8c)

    def test_plan_from_cli_journals(self):
        listed = run([CLI, "list"]).stdout
        kernel = next((k for k in ["bitboard-sym-tbb", "bitboard-sym-omp", "bitboard-sym-mpi"]
                       if k in listed), None)
        if kernel is None:
            self.skipTest("no kernel with a piece list in this build")
        with tempfile.TemporaryDirectory() as d:
            journals = []
            for n in (10, 11):
                j = os.path.join(d, f"q{n}.journal")
                r = run([CLI, "nqueens", "count", "-n", str(n), "-k", kernel, "--journal", j])
                self.assertEqual(r.returncode, 0, r.stderr)
                journals.append(j)
            r = script("nqueens/mpi_plan.py", *journals, "--targets", "12,13", "--cores", "2,4",
                       "--rate", "1e8", "--cli", CLI)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("| 11 | " + kernel, r.stdout)
            self.assertIn("| 12 | ", r.stdout)
            pieces = run([CLI, "nqueens", "pieces", "-n", "13"]).stdout
            count = pieces.split(" pieces")[0].split()[-1]
            self.assertIn(f"| {int(count):,} |", r.stdout)
            # An unfinished journal is refused.
            with open(journals[1]) as f:
                text = f.read()
            cut = os.path.join(d, "cut.journal")
            with open(cut, "w") as f:
                f.write(text[:text.rindex("\npiece ")] + "\n")
            r = script("nqueens/mpi_plan.py", cut, "--cli", CLI)
            self.assertNotEqual(r.returncode, 0)
            self.assertIn("finish it first", r.stderr)

    def test_mpi_bench_script(self):
        listed = run([CLI, "list"]).stdout
        if "bitboard-sym-mpi" not in listed or "bitboard-sym-tbb" not in listed:
            self.skipTest("needs the MPI and oneTBB kernels")
        with tempfile.TemporaryDirectory() as d:
            env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
                       SEARCHBENCH_CLI=CLI, MPIRUN_ARGS="-q")
            r = run(["bash", os.path.join(SCRIPTS, "nqueens", "mpi_bench.sh"), "-n", "9", "-p", "1 2",
                     "-t", "1", "-r", "2", "-o", os.path.join(d, "out")], env=env)
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(os.path.join(d, "out", "nqueens.csv")) as f:
                rows = list(csv.DictReader(f))
            # bitboard-sym-tbb on 1..2 threads and the MPI kernel on 1 and 2 ranks, 2 rounds.
            self.assertEqual(len(rows), (2 + 2) * 2)
            self.assertEqual(sorted({(r["kernel"], r["ranks"]) for r in rows}),
                             [("bitboard-sym-mpi", "1"), ("bitboard-sym-mpi", "2"),
                              ("bitboard-sym-tbb", "1")])
            self.assertEqual({r["rep"] for r in rows}, {"1", "2"})
            with open(os.path.join(d, "out", "tables.md")) as f:
                md = f.read()
            self.assertIn("### MPI kernels: ranks x threads", md)
            self.assertIn("| bitboard-sym-mpi | 9 | 2 | 1 | 2 |", md)


class TsumeLowerBound(unittest.TestCase):
    """scripts/tsume/lower_bound.sh: the journalled ladder of "mate within N?" questions."""

    def ladder(self, journal, *args):
        env = dict(os.environ, SEARCHBENCH=CLI)
        return run(["bash", os.path.join(SCRIPTS, "tsume", "lower_bound.sh"), journal, *args],
                   env=env)

    def rows(self, journal):
        with open(journal) as f:
            return list(csv.DictReader(f))

    def test_ladder_journal_and_resume(self):
        with tempfile.TemporaryDirectory() as d:
            j = os.path.join(d, "j.csv")
            # jisaku-10 is a mate in 9 (tsume list): no mate within 1 and 3, then stop at a limit
            r = self.ladder(j, "jisaku-10", "3", "1", "--", "--max-memory", "64M")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("no mate within 3 plies (proved", r.stdout)
            self.assertEqual([(x["max_length"], x["answer"]) for x in self.rows(j)],
                             [("1", "no-mate-within"), ("3", "no-mate-within")])
            # a second sitting skips what is proved, even N = 2 (made 1), and goes on to the mate
            r = self.ladder(j, "jisaku-10", "2", "5", "7", "9", "11", "--", "--max-memory", "64M")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("mate in 9 plies, proved minimal", r.stdout)
            rows = self.rows(j)
            # dfpn proves the 9 plies minimal itself (the answer mate-minimal)
            self.assertEqual([(x["max_length"], x["answer"], x["mate_length"]) for x in rows],
                             [("1", "no-mate-within", ""), ("3", "no-mate-within", ""),
                              ("5", "no-mate-within", ""), ("7", "no-mate-within", ""),
                              ("9", "mate-minimal", "9")])
            self.assertTrue(all(int(x["nodes"]) > 0 for x in rows))
            # a limit that ends the search is journalled as such, and retried by the next sitting
            j2 = os.path.join(d, "j2.csv")
            r = self.ladder(j2, "muso-002", "45", "--", "--max-memory", "64M", "--max-nodes", "1000")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual([x["answer"] for x in self.rows(j2)], ["limit"])
            self.assertIn("nothing proved yet", r.stdout)
            self.assertIn("mate within 45 plies? not settled: a limit", r.stdout)
            # ... under the puzzle's own name (a node limit must not rename it), so the next
            # sitting, with other limits, resumes the same journal
            r = self.ladder(j2, "muso-002", "45", "--", "--max-memory", "64M", "--max-nodes", "2000")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual([(x["puzzle"], x["answer"]) for x in self.rows(j2)],
                             [("muso-002", "limit"), ("muso-002", "limit")])
            # a position with no mate at all: proved so, and every N is settled
            j3 = os.path.join(d, "j3.csv")
            r = self.ladder(j3, "interpose-pawn", "1", "41", "--", "--max-memory", "64M")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual([x["answer"] for x in self.rows(j3)], ["no-mate-within", "no-mate"])
            self.assertIn("no mate of any length (proved", r.stdout)
            self.assertIn("mate within 1 ply?", r.stderr)

    def test_bad_input_one_line_exit_2(self):
        with tempfile.TemporaryDirectory() as d:
            j = os.path.join(d, "j.csv")
            self.assertEqual(self.ladder(j, "jisaku-10", "1").returncode, 0)
            for args, text in [(["microcosmos", "3"], "journal of puzzle jisaku-10"),
                               (["jisaku-10", "x"], "not a mate length"),
                               (["jisaku-10", "4001"], "not a mate length"),
                               (["jisaku-10", "1" + "0" * 20], "not a mate length"),
                               (["jisaku-10", "3", "--", "-k", "andor"], "option -k"),
                               (["jisaku-10", "3", "--", "--max-length=5"], "option --max-length"),
                               (["jisaku-10", "3", "--", "--interpositions", "no-futile"],
                                "--interpositions all"),
                               (["nosuch", "3"], "unknown puzzle"),
                               (["jisaku-10", "3", "--", "--max-memory", "zz"], "--max-memory"),
                               (["jisaku-10"], "usage")]:
                r = self.ladder(j, *args)
                self.assertEqual(r.returncode, 2, args)
                self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)
                self.assertIn(text, r.stderr)
            other = os.path.join(d, "other.csv")
            with open(other, "w") as f:
                f.write("a,b\n")
            r = self.ladder(other, "jisaku-10", "3")
            self.assertEqual(r.returncode, 2)
            self.assertIn("not a lower-bound journal", r.stderr)
            for where, text in [(os.path.join(d, "no", "such", "j.csv"), "cannot create"),
                                ("/proc/no-journal.csv", "cannot create"),  # even for root
                                (d, "is a directory")]:
                r = self.ladder(where, "jisaku-10", "3")
                self.assertEqual(r.returncode, 2, where)
                self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)
                self.assertIn(text, r.stderr)
            self.assertFalse(os.path.exists(os.path.join(d, "no")))
            self.assertEqual(len(self.rows(j)), 1)  # the refused runs added nothing

    def test_interrupt_stops_the_solver(self):
        with tempfile.TemporaryDirectory() as d:
            j = os.path.join(d, "j.csv")
            env = dict(os.environ, SEARCHBENCH=CLI)
            p = subprocess.Popen(["bash", os.path.join(SCRIPTS, "tsume", "lower_bound.sh"), j,
                                  "microcosmos", "1001", "--", "--max-memory", "64M"],
                                 env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True)
            time.sleep(2)
            p.send_signal(signal.SIGTERM)
            out, err = p.communicate(timeout=30)
            self.assertEqual(p.returncode, 143)  # 128 + SIGTERM
            self.assertIn("stopped; the answers so far are in", err)
            time.sleep(0.5)
            left = []
            for pid in filter(str.isdigit, os.listdir("/proc")):
                try:
                    with open(f"/proc/{pid}/cmdline", "rb") as f:
                        cmd = f.read().replace(b"\0", b" ").decode(errors="replace")
                except OSError:
                    continue
                if "--max-length 1001 --max-memory 64M" in cmd:
                    left.append(cmd)
            self.assertEqual(left, [], "the solver outlived the script")
            self.assertEqual(self.rows(j), [])  # the question in progress is not journalled


class TsumeUsiMate(unittest.TestCase):
    """scripts/tsume/usi_mate.py: times `go mate` over USI, here with our own engine."""

    def test_times_a_mate_and_refuses_bad_arguments(self):
        drive = os.path.join(SCRIPTS, "tsume", "usi_mate.py")
        sfen = "8k/9/3+P1p3/7P1/9/9/9/9/9 b 2GL2r2b2g4s4n3l15p 1"  # jisaku-10, mate in 9
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "run.csv")
            r = run([PY, drive, "--engine", f"{CLI} tsume usi", "--option", "Kernel=dfpn",
                     "--hash", "16", "--sfen", sfen, "--time-ms", "20000", "--out", out])
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(out) as f:
                rows = list(csv.DictReader(f))
            self.assertEqual([(x["event"], x["plies"]) for x in rows], [("mate", "9"), ("final", "9")])
            self.assertLessEqual(float(rows[0]["seconds"]), float(rows[1]["seconds"]))
            usi = f"{CLI} tsume usi"
            for args, what in [(["--engine", os.path.join(d, "none")], "not an executable"),
                               (["--engine", CLI, "--hash", "0"], "must be positive"),
                               (["--engine", CLI, "--hash", "x"], "invalid int value"),
                               (["--engine", CLI, "--option", "Kernel"], "not NAME=VALUE"),
                               (["--engine", CLI, "--out", os.path.join(d, "no", "x.csv")],
                                "no writable folder"),
                               # the engine's own objections, before the clock starts
                               (["--engine", usi, "--option", "Kernel=bogus"], "unknown kernel"),
                               (["--engine", usi, "--sfen", "xyz"], "objected to the position")]:
                r = run([PY, drive, "--sfen", sfen, "--time-ms", "1000", "--out", out, *args])
                self.assertEqual(r.returncode, 2, (args, r.stderr))
                self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)
                self.assertIn(what, r.stderr)


class GomokuMatchPool(unittest.TestCase):
    """scripts/gomoku/match_pool.py: match CSVs pooled, the interval clustered by opening."""

    HEADER = ["game", "opening", "score_a", "a_player", "b_player", "black_player"]

    def write(self, path, scores, a="engine A", b="engine B"):
        """scores[i]: (opening, A's score with black, A's score with white)."""
        rows, g = [], 0
        for op, sb, sw in scores:
            for black, sc in ((True, sb), (False, sw)):
                g += 1
                rows.append([g, op, sc, a, b, a if black else b])
        with open(path, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(self.HEADER)
            w.writerows(rows)

    def test_same_interval_as_the_match_by_pairs(self):
        """One match file: the script's interval is the CLI's "by game pairs" one."""
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "m.csv")
            # level 1 against itself (chance moves; seed 1 gives a win each way and draws)
            r = run([CLI, "gomoku", "match", "--black", "1", "--white", "1", "--games", "8",
                     "--seed", "1", "--out", out])
            self.assertEqual(r.returncode, 0, r.stderr)
            pairs = r.stdout.split("by 4 colour-swapped game pairs: +- ")[1]
            r2 = script(os.path.join("gomoku", "match_pool.py"), out)
            self.assertEqual(r2.returncode, 0, r2.stderr)
            self.assertIn("+- " + pairs.split(" %")[0] + " % (95 %, clustered by opening)",
                          r2.stdout)
            self.assertIn("in 8 games", r2.stdout)
            self.assertNotIn("+- 0.0 %", r2.stdout)
            self.assertIn("4 openings, 1 file", r2.stdout)

    def test_two_runs_known_values(self):
        with tempfile.TemporaryDirectory() as d:
            f1, f2 = os.path.join(d, "r1.csv"), os.path.join(d, "r2.csv")
            self.write(f1, [("h8 h9 i8", 1, 0), ("g7 h8 h9", 1, 1), ("i9 h8 g8", 0, 0)])
            self.write(f2, [("h8 h9 i8", 1, 0.5), ("g7 h8 h9", 1, 0), ("i9 h8 g8", 1, 0)])
            r = script(os.path.join("gomoku", "match_pool.py"), f1, f2)
            self.assertEqual(r.returncode, 0, r.stderr)
            # opening means 0.625, 0.75, 0.25 (four games each); balanced, so the half-width is
            # 1.96 sqrt(sample variance of the means / 3)
            means = [0.625, 0.75, 0.25]
            m = sum(means) / 3
            half = 1.96 * math.sqrt(sum((x - m) ** 2 for x in means) / 2 / 3)
            self.assertIn(f"+6 =1 -5 in 12 games, score {100 * m:.1f} % +- {100 * half:.1f} %",
                          r.stdout)
            self.assertIn("as black 5/6, as white 1.5/6; 3 openings, 2 files", r.stdout)

    def test_a_player_against_itself(self):
        """The colours come from the game numbers (A black in odd games), not from the names."""
        with tempfile.TemporaryDirectory() as d:
            f = os.path.join(d, "self.csv")
            self.write(f, [("h8", 1, 0), ("h9", 1, 1), ("g7", 0, 0)], a="same", b="same")
            r = script(os.path.join("gomoku", "match_pool.py"), f)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("as black 2/3, as white 1/3", r.stdout)

    def test_bad_input_one_line_exit_2(self):
        with tempfile.TemporaryDirectory() as d:
            good, other, one, foreign = (os.path.join(d, n) for n in
                                         ("g.csv", "o.csv", "one.csv", "f.csv"))
            self.write(good, [("h8", 1, 0), ("h9", 1, 1)])
            self.write(other, [("h8", 1, 0), ("h9", 1, 1)], a="engine C")
            self.write(one, [("h8", 1, 0)])
            with open(foreign, "w") as f:
                f.write("a,b\n1,2\n")
            torn = os.path.join(d, "torn.csv")
            with open(good) as f, open(torn, "w") as g:
                g.write("".join(f.readlines()[:2]) + "2,h8\n")
            for args, what in [([os.path.join(d, "none.csv")], "no such file"),
                               ([foreign], "not a gomoku match CSV"),
                               ([good, other], "more than one pairing"),
                               ([one], "fewer than two openings"),
                               ([good, "--bogus"], "unrecognized arguments"),
                               ([good, good], "the same file as"),
                               ([torn], "line 3: not a finished game")]:
                r = script(os.path.join("gomoku", "match_pool.py"), *args)
                self.assertEqual(r.returncode, 2, (args, r.stderr))
                self.assertEqual(r.stdout, "")
                self.assertEqual(len(r.stderr.splitlines()), 1, r.stderr)
                self.assertIn(what, r.stderr)


class FuzzScriptArgs(unittest.TestCase):
    """scripts/fuzz.sh refuses bad arguments (one line, exit 2) before it configures or builds."""

    def test_bad_arguments(self):
        for args, what in [(["--runs"], "needs a value"), (["--runs", "abc"], "positive whole"),
                           (["--runs", "0"], "positive whole"), (["nosuch"], "unknown target"),
                           (["--bogus"], "unknown option"),
                           (["--dict", "/nonexistent/dict", "sfen"], "cannot read")]:
            r = subprocess.run(["bash", os.path.join(SCRIPTS, "fuzz.sh")] + args,
                               capture_output=True, text=True,
                               env=dict(os.environ, SEARCHBENCH_FUZZ_BUILD="/nonexistent/build"))
            self.assertEqual(r.returncode, 2, (args, r.stderr))
            self.assertEqual(r.stdout, "", args)
            self.assertEqual(r.stderr.count("\n"), 1, (args, r.stderr))
            self.assertIn(what, r.stderr, args)


if __name__ == "__main__":
    unittest.main(verbosity=2)
