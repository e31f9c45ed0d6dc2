#!/usr/bin/python3
# For each game level 4 lost as white in a match CSV (with its .psq records beside it): the first
# white move after which black wins by VCT as the `vct` kernel finds it (5-s cap a call), the
# VCT's length and nodes, and how many of the empty points within two of a stone (2-s cap each)
# would have left black no VCT there. Usage: vct_entry.py SEARCHBENCH FOLDER NGAMES (FOLDER.csv,
# FOLDER/gameNNNN.psq).
import csv, json, subprocess, sys
SB = sys.argv[1]; folder = sys.argv[2]; ngames = int(sys.argv[3])
def coord(x, y): return chr(ord('a') + x - 1) + str(16 - y)
def moves_of(path):
    out = []
    for line in open(path).read().splitlines()[1:]:
        p = line.split(',')
        if len(p) != 3: break
        out.append(coord(int(p[0]), int(p[1])))
    return out
def vct(moves, cap=5):
    try:
        r = subprocess.run([SB, 'gomoku', 'solve', '-k', 'vct', '--moves', ' '.join(moves), '-f', 'json'], capture_output=True, text=True, timeout=cap)
    except subprocess.TimeoutExpired:
        return None, None, None
    j = json.loads(r.stdout)
    return j['win'] == 'yes', j['nodes'], j.get('line')
rows = list(csv.DictReader(open(folder + '.csv')))
done = 0
for r in rows:
    g = int(r['game'])
    if r['white_player'].startswith('pbrain-wine') or r['result'] != '1-0': continue
    mv = moves_of(f"{folder}/game{g:04d}.psq")
    first = None; unk = []
    for k in range(3, len(mv), 2):
        win, nodes, line = vct(mv[:k+1])
        if win is None: unk.append(k+1); continue
        if win:
            first = (k, nodes, len(line) if line else 0); break
    if first is None:
        print(f"game {g}: {len(mv)} plies, no black VCT found (unknown at plies {unk})", flush=True)
    else:
        k = first[0]
        stones = set(mv[:k])
        cands = set()
        for s in stones:
            c = ord(s[0]) - 97; rr = int(s[1:])
            for dc in range(-2, 3):
                for dr in range(-2, 3):
                    cc, r2 = c + dc, rr + dr
                    if 0 <= cc < 15 and 1 <= r2 <= 15:
                        m = chr(97 + cc) + str(r2)
                        if m not in stones: cands.add(m)
        safe = []; unknown = 0
        for m in sorted(cands):
            w, n, _ = vct(mv[:k] + [m], 2)
            if w is None: unknown += 1
            elif not w: safe.append(m)
        print(f"game {g}: {len(mv)} plies; first white move into a found black VCT: ply {k+1} ({mv[k]}), VCT {first[2]} plies, {first[1]} nodes (unknown before at {unk}); alternatives with no VCT {len(safe)} of {len(cands)} (unknown {unknown}): {' '.join(safe[:12])}", flush=True)
    done += 1
    if done >= ngames: break
