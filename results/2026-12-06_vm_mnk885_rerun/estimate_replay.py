#!/usr/bin/python3
# Replays the estimate of the time left (docs/mnk.md, refutation pieces) on this proof's journal:
# the 508 third-move pieces solved one at a time, in id order (the order of the runs that made
# this journal: first moves from the centre outwards) or one of each first move in turn (the
# order of runs since 2026-12-07), and after each the share of the work done by two estimates:
# every piece alike, and from the measured sizes (a piece still to solve weighs the mean nodes of
# the solved pieces of its first move, of all solved pieces while its first move has none),
# beside the true share (the nodes of the pieces done over all the nodes).
#   /usr/bin/python3 estimate_replay.py [m885.journal]
import re, statistics, sys
path = sys.argv[1] if len(sys.argv) > 1 else 'm885.journal'
rows = []
for line in open(path):
    m = re.match(r'piece (\d+) value=(\d) cell=(\d+) nodes=(\d+)', line)
    if m: rows.append(tuple(map(int, m.groups())))
cells = 64
first = lambda cell: (cell - cells * (cells + 1)) // (cells * cells)
solved = sorted(r for r in rows if r[1] == 1 and r[2] >= cells * (cells + 1))
total = sum(r[3] for r in solved)
by_first = {}
for r in solved: by_first.setdefault(first(r[2]), []).append(r)
in_turn = []
for k in range(max(len(v) for v in by_first.values())):
    for f in by_first:  # first moves in id order
        if k < len(by_first[f]): in_turn.append(by_first[f][k])
print('order,pieces_done,true_share,alike_share,measured_share')
for name, order in (('id', solved), ('in_turn', in_turn)):
    done, nodes_done, worst_ahead = [], 0, 0.0
    for i, r in enumerate(order):
        done.append(r); nodes_done += r[3]
        means = {}
        for d in done: means.setdefault(first(d[2]), []).append(d[3])
        overall = statistics.mean(d[3] for d in done)
        left = sum(statistics.mean(means[first(p[2])]) if first(p[2]) in means else overall
                   for p in order[i + 1:])
        true, alike, measured = nodes_done / total, (i + 1) / len(order), nodes_done / (nodes_done + left)
        worst_ahead = max(worst_ahead, measured - true)
        if (i + 1) % 50 == 0 or i + 1 == len(order):
            print(f'{name},{i + 1},{true:.3f},{alike:.3f},{measured:.3f}')
    print(f'# {name}: the measured estimate at most {100 * worst_ahead:.1f} points ahead of the true share', file=sys.stderr)
