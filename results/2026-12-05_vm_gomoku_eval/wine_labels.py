# Wine 2.1's value (pbrain, 150 ms) of N random used positions of features.csv: "row value" lines.
# Usage: /usr/bin/python3 wine_labels.py 8000 > wine_labels.txt   (Wine at /tmp/aiwine/pbrain-wine; NOTES.md)
import subprocess, sys, random, re
import fitlib
from multiprocessing import Pool
files=open('records.txt').read().split()
d=fitlib.used(fitlib.load())
idx=list(d.index); random.seed(7); random.shuffle(idx); idx=idx[:int(sys.argv[1])]
def moves_of(path):
    mv=[]
    for line in open(path).read().splitlines()[1:]:
        parts=line.split(',')
        if len(parts)!=3: break
        mv.append((int(parts[0])-1,int(parts[1])-1))
    return mv
def work(i):
    g,ply=int(d.g[i]),int(d.ply[i])
    mv=moves_of(files[g-1])[:ply]
    inp="START 15\nINFO timeout_turn 150\nINFO timeout_match 100000000\nINFO time_left 100000000\nBOARD\n"
    for j,(x,y) in enumerate(mv): inp+=f"{x},{y},{1 if (len(mv)-j)%2==0 else 2}\n"
    inp+="DONE\n"
    p=subprocess.Popen(["/tmp/aiwine/pbrain-wine"],stdin=subprocess.PIPE,stdout=subprocess.PIPE,text=True)
    p.stdin.write(inp); p.stdin.flush()
    lines=[]
    while True:
        l=p.stdout.readline()
        if not l: break
        lines.append(l)
        if re.match(r'^-?\d+,-?\d+\s*$',l): break
    try:
        p.stdin.write("END\n"); p.stdin.close()
    except Exception: pass
    try: p.wait(timeout=2)
    except Exception: p.kill()
    out=''.join(lines)
    ev=None
    for l in out.splitlines():
        m=re.search(r'eval:(-?\d+)',l)
        if m: ev=int(m.group(1))
    return i,ev
with Pool(2) as p:
    for i,ev in p.imap_unordered(work, idx, chunksize=4):
        print(i,ev,flush=True)
