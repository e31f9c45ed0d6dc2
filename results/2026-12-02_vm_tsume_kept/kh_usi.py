#!/usr/bin/python3
# KomoringHeights over USI, one thread: kh_usi.py SFEN HASH_MB TIME_MS OUT writes "first N t" (its first
# "score mate N" line), "mate N t" (every one) and "final PLIES t" (its checkmate answer) to OUT,
# t in seconds from `go mate`. KH: the engine binary (default /tmp/kh/source/KomoringHeights-by-gcc).
import os, re, subprocess, sys, time
sfen, hashmb, tms, out = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
kh = os.environ.get('KH', '/tmp/kh/source/KomoringHeights-by-gcc')
p = subprocess.Popen([kh], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
                     cwd=os.path.dirname(kh))
def send(s): p.stdin.write(s + '\n'); p.stdin.flush()
send('usi')
for line in p.stdout:
    if line.startswith('usiok'): break
send(f'setoption name USI_Hash value {hashmb}'); send('setoption name Threads value 1'); send('isready')
for line in p.stdout:
    if line.startswith('readyok'): break
send('position sfen ' + sfen)
t0 = time.time(); send(f'go mate {tms}')
f = open(out, 'w'); first = True
for line in p.stdout:
    t = time.time() - t0
    m = re.search(r'score mate (\d+)', line)
    if m:
        if first: f.write(f'first {m.group(1)} {t:.2f}\n'); first = False
        f.write(f'mate {m.group(1)} {t:.2f}\n'); f.flush()
    if line.startswith('checkmate'):
        f.write(f'final {len(line.split())-1} {t:.2f} {line.strip()[:60]}\n'); break
send('quit'); f.close()
