"""Gomoku tables for tabulate.py: median nodes per kernel and position, and per kernel the VCF
positions proved won and its nodes and moves (stones put down by the engine's board) per second."""
from sbtables import (fmt_rate, label, md_table, table_nodes_by_instance,
                      table_thread_speedup, table_time_by_instance)


def table_gomoku_engine(df):
    """Per kernel (and thread count): the VCF positions it proved won, and its nodes and moves
    (`plays`, stones put down by the engine's board) per second over all its rows."""
    rows = []
    for (k, t), sub in df.groupby(["kernel", "threads"], sort=False):
        wall = sub["wall_s"].sum()
        vcf = sub[sub["instance"].astype(str).str.startswith("vcf")]
        won = vcf.groupby("instance")["win"].agg(lambda w: bool((w == "yes").all()))
        wins = f"{int(won.sum())}/{len(won)}" if len(won) else ""
        plays = sub["plays"].sum() if "plays" in sub.columns else 0
        rows.append([label(k, t, sub["backend"].iloc[0] != "serial"), wins,
                     fmt_rate(sub["nodes"].sum() / wall) if wall > 0 else "",
                     fmt_rate(plays / wall) if wall > 0 and plays > 0 else ""])
    return ("### Gomoku engine: VCF positions won, nodes and moves per second\n\n"
            + md_table(["kernel", "VCF positions won", "nodes/s", "moves/s"], rows,
                       ["l", "r", "r", "r"]))


def part(sub, stats):
    return [t for t in [table_time_by_instance(stats), table_nodes_by_instance(stats),
                        table_thread_speedup(stats), table_gomoku_engine(sub)] if t]
