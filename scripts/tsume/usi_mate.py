#!/usr/bin/python3
"""Times a USI tsume engine's `go mate` on one position, from outside, as a GUI sees it.

    usi_mate.py --engine 'build/searchbench tsume usi' --hash 1024 --sfen SFEN --time-ms 60000 \\
        --out run.csv [--option Kernel=dfpn ...]

Sends usi, setoption USI_Hash / Threads (default 1) / the --option pairs, isready (waits for
readyok: the engine prepares its table there), position sfen, then starts the clock and sends
`go mate` (no isready after the position: KomoringHeights' isready resets it to the start
position). Writes CSV rows `event,plies,seconds` to --out: `mate` for every `info ... score mate
N` line (N plies), `final` for the `checkmate` answer (plies of its move list; 0 for nomate,
-1 for timeout), seconds from `go mate`. Works with any USI engine that answers `go mate`
(searchbench's `tsume usi`, KomoringHeights). The engine runs in its executable's folder. If it
has not answered 60 s after the time limit, it is killed and `final` is -2. Bad arguments, and
an engine that objects to the set-up (an `info string` or an error line between the options and
the readyok: an unknown option or kernel; or a line starting `info string` after the position
and before any mate or answer: a rejected SFEN), are one line on stderr and exit 2.
"""
import argparse
import csv
import os
import queue
import shlex
import shutil
import subprocess
import sys
import threading
import time


def fail(msg, code=2):
    print(f'usi_mate.py: {msg}', file=sys.stderr)
    sys.exit(code)


class Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, not argparse's usage and message
        fail(message)


def main():
    ap = Parser(description=__doc__.split('\n')[0])
    ap.add_argument('--engine', required=True, help='engine command line')
    ap.add_argument('--hash', type=int, default=256, help='USI_Hash in MiB')
    ap.add_argument('--threads', type=int, default=1)
    ap.add_argument('--option', action='append', default=[], help='NAME=VALUE, sent as setoption')
    ap.add_argument('--sfen', required=True)
    ap.add_argument('--time-ms', type=int, required=True)
    ap.add_argument('--out', required=True)
    a = ap.parse_args()
    cmd = shlex.split(a.engine)
    found = cmd and (shutil.which(cmd[0]) if os.sep not in cmd[0] else cmd[0])
    if not found or not os.path.isfile(found) or not os.access(found, os.X_OK):
        fail(f'engine {a.engine!r} is not an executable')
    if a.hash < 1 or a.threads < 1 or a.time_ms < 1:
        fail('--hash, --threads and --time-ms must be positive')
    opts = []
    for o in a.option:
        if '=' not in o:
            fail(f'--option {o!r} is not NAME=VALUE')
        opts.append(o.split('=', 1))
    out_dir = os.path.dirname(os.path.abspath(a.out))
    if not os.path.isdir(out_dir) or not os.access(out_dir, os.W_OK):
        fail(f'--out {a.out!r}: no writable folder {out_dir!r}')
    exe = os.path.abspath(found)
    p = subprocess.Popen([exe] + cmd[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                         bufsize=1, cwd=os.path.dirname(exe))
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(l) for l in p.stdout] + [lines.put(None)],
                     daemon=True).start()

    def send(s):
        p.stdin.write(s + '\n')
        p.stdin.flush()

    objections = []  # what the engine said against the set-up

    def wait_for(prefix, limit):
        end = time.time() + limit
        while True:
            try:
                line = lines.get(timeout=max(0.01, end - time.time()))
            except queue.Empty:
                return None
            if line is None or line.startswith(prefix):
                return line
            if line.startswith('info string') or 'error' in line.lower():
                objections.append(line.strip())

    def give_up(msg, code):
        p.kill()
        fail(msg, code)

    send('usi')
    if not wait_for('usiok', 30):
        give_up('no usiok from the engine', 1)
    objections.clear()
    send(f'setoption name USI_Hash value {a.hash}')
    send(f'setoption name Threads value {a.threads}')
    for name, value in opts:
        send(f'setoption name {name} value {value}')
    send('isready')
    if not wait_for('readyok', 600):
        give_up('no readyok from the engine', 1)
    if objections:
        give_up(f'the engine objected to the set-up: {objections[0]}', 2)
    send('position sfen ' + a.sfen)
    rows = []
    t0 = time.time()
    send(f'go mate {a.time_ms}')
    deadline = t0 + a.time_ms / 1000 + 60
    final = -2
    while True:
        try:
            line = lines.get(timeout=max(0.01, deadline - time.time()))
        except queue.Empty:
            break
        t = time.time() - t0
        if line is None:
            break
        w = line.split()
        if not rows and line.startswith('info string'):  # before any mate: about the position
            give_up(f'the engine objected to the position: {line.strip()}', 2)
        if 'score' in w and w.index('score') + 2 < len(w) and w[w.index('score') + 1] == 'mate':
            rows.append(('mate', w[w.index('score') + 2], f'{t:.3f}'))
        if w and w[0] == 'checkmate':
            final = 0 if w[1:] == ['nomate'] else -1 if w[1:] == ['timeout'] else len(w) - 1
            rows.append(('final', final, f'{t:.3f}'))
            break
    if final == -2:
        rows.append(('final', -2, f'{time.time() - t0:.3f}'))
        p.kill()
    else:
        send('quit')
    try:
        p.wait(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
    with open(a.out, 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(['event', 'plies', 'seconds'])
        w.writerows(rows)


if __name__ == '__main__':
    main()
