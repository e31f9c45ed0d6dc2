#!/usr/bin/python3
# A screen for level 4's white moves, seconds instead of a 100-game match (issue 27).
# Positions: the positions before white's moves 4, 6, 8 and 10 in the Wine-Wine games of
# ../2026-12-02_vm_gomoku_wine (Wine 2.1 against itself, 100 games on the 50 openings) that white
# won. For each: level 4's move by a fixed-depth search (`gomoku solve -k pattern --depth D`,
# deterministic, so the screen does not depend on the host's load), whether it is Wine's move, and
# Wine's value of the position after it (Wine to move as black, pbrain, T ms; from white's side,
# so higher is better for level 4), and two games of Wine against itself from there (ROLL ms a
# move, the project's own `gomoku match`; white's wins counted). Both are cached per position
# (wine_cache_T.txt, rollout_cache_ROLL.txt), so a variant pays only for its new moves.
#   /usr/bin/python3 screen.py PATH/TO/searchbench DEPTH [T_MS [ROLL_MS]] > OUT.txt
# DEPTH 0 scores Wine's own moves (the reference).
import csv, glob, os, re, subprocess, sys
from multiprocessing import Pool
HERE = os.path.dirname(os.path.abspath(__file__))
WW = os.path.join(HERE, '..', '2026-12-02_vm_gomoku_wine', 'wine-wine')
WINE = os.environ.get('WINE', '/tmp/aiwine/pbrain-wine')

def moves_of(path):
    mv = []
    for line in open(path).read().splitlines()[1:]:
        parts = line.split(',')
        if len(parts) != 3: break
        mv.append((int(parts[0]) - 1, int(parts[1]) - 1))  # 0-based x, y (y down)
    return mv

def name(p): return chr(ord('a') + p[0]) + str(15 - p[1])

def positions():
    seen, out = set(), []
    for f in sorted(glob.glob(WW + '-?.csv')):
        for r in csv.DictReader(open(f)):
            if r['result'] != '0-1': continue
            mv = moves_of(os.path.join(f[:-4], 'game%04d.psq' % int(r['game'])))
            for k in (3, 5, 7, 9):  # white's moves 4, 6, 8, 10
                if k >= len(mv): break
                key = tuple(mv[:k])
                if key in seen: continue
                seen.add(key)
                out.append((r['opening'], mv[:k], mv[k]))
    return out

def level4(exe, depth, mv):
    out = subprocess.run([exe, 'gomoku', 'solve', '-k', 'pattern', '--depth', str(depth), '--moves',
                          ' '.join(name(p) for p in mv), '-f', 'csv'], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    row = next(csv.DictReader(out))
    m = row['move']
    return (ord(m[0]) - ord('a'), 15 - int(m[1:])), int(row['nodes'])

def wine_value(args):
    mv, t = args
    inp = 'START 15\nINFO timeout_turn %d\nINFO timeout_match 100000000\nINFO time_left 100000000\nBOARD\n' % t
    for j, (x, y) in enumerate(mv): inp += '%d,%d,%d\n' % (x, y, 1 if (len(mv) - j) % 2 == 0 else 2)
    inp += 'DONE\n'
    p = subprocess.Popen([WINE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p.stdin.write(inp); p.stdin.flush()
    ev = None
    while True:
        l = p.stdout.readline()
        if not l: break
        m = re.search(r'eval:(-?\d+)', l)
        if m: ev = int(m.group(1))
        if re.match(r'^-?\d+,-?\d+\s*$', l): break
    try:
        p.stdin.write('END\n'); p.stdin.close()
    except Exception: pass
    try: p.wait(timeout=2)
    except Exception: p.kill()
    return ' '.join(name(q) for q in mv), ev

def rollouts(args):
    exe, part, roll, tag = args
    base = '/tmp/screen_roll_%s' % tag
    with open(base + '.txt', 'w') as f:
        for mv in part: f.write(' '.join(name(q) for q in mv) + '\n')
    subprocess.run([exe, 'gomoku', 'match', '--black-engine', WINE, '--white-engine', WINE,
                    '--openings', base + '.txt', '--games', str(2 * len(part)), '--time-per-move',
                    '%g' % (roll / 1000), '--out', base + '.csv'], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wins = {}
    for r in csv.DictReader(open(base + '.csv')):
        wins[r['opening']] = wins.get(r['opening'], 0) + (r['result'] == '0-1')
    return wins

def main():
    exe, depth = sys.argv[1], int(sys.argv[2])
    t = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    roll = int(sys.argv[4]) if len(sys.argv) > 4 else 100
    roll_path = os.path.join(HERE, 'rollout_cache_%d.txt' % roll)
    rcache = {}
    if os.path.exists(roll_path):
        for line in open(roll_path):
            k, v = line.rstrip('\n').rsplit('\t', 1)
            rcache[k] = int(v)
    cache_path = os.path.join(HERE, 'wine_cache_%d.txt' % t)
    cache = {}
    if os.path.exists(cache_path):
        for line in open(cache_path):
            k, v = line.rstrip('\n').rsplit('\t', 1)
            cache[k] = None if v == 'None' else int(v)
    rows, need = [], []
    for op, mv, wine_mv in positions():
        ours, nodes = (wine_mv, 0) if depth == 0 else level4(exe, depth, mv)
        after = mv + [ours]
        rows.append((op, mv, wine_mv, ours, nodes))
        if ' '.join(name(q) for q in after) not in cache: need.append((after, t))
    with Pool(2) as pool, open(cache_path, 'a') as cf:
        for k, ev in pool.imap_unordered(wine_value, need):
            cache[k] = ev
            cf.write('%s\t%s\n' % (k, ev)); cf.flush()
    rneed = [mv + [ours] for op, mv, wine_mv, ours, nodes in rows
             if ' '.join(name(q) for q in mv + [ours]) not in rcache]
    rneed = [m for i, m in enumerate(rneed) if m not in rneed[:i]]
    if rneed:
        halves = [(exe, rneed[0::2], roll, 'a%d' % os.getpid()), (exe, rneed[1::2], roll, 'b%d' % os.getpid())]
        with Pool(2) as pool, open(roll_path, 'a') as rf:
            for wins in pool.imap_unordered(rollouts, [h for h in halves if h[1]]):
                for k, v in wins.items():
                    rcache[k] = v
                    rf.write('%s\t%d\n' % (k, v))
    same = 0; vals = []; nodes_all = 0; white_wins = 0
    for op, mv, wine_mv, ours, nodes in rows:
        ev = cache[' '.join(name(q) for q in mv + [ours])]
        v = None if ev is None else -ev
        same += ours == wine_mv; nodes_all += nodes
        ww = rcache[' '.join(name(q) for q in mv + [ours])]; white_wins += ww
        if v is not None: vals.append(v)
        print('%-11s move %2d  Wine %-4s level 4 %-4s %s  Wine value for white %s' % (
            op, len(mv) + 1, name(wine_mv), name(ours), '=' if ours == wine_mv else ' ', v), ' white wins %d of 2' % ww)
    vals.sort()
    lost = sum(1 for v in vals if v <= -10000)
    print('white wins %d of %d games of Wine against itself after level 4\'s moves' % (white_wins, 2 * len(rows)))
    print('positions %d, level 4 plays Wine\'s move in %d, median Wine value for white %s, '
          'mean %.0f (clipped to +-3000), lost by Wine\'s search (<= -10000) %d, nodes %d' % (
              len(rows), same, vals[len(vals) // 2], sum(max(-3000, min(3000, v)) for v in vals) / len(vals), lost, nodes_all))

main()
