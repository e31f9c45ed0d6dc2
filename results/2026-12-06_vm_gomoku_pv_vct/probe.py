#!/usr/bin/python3
# Level 4's moves, depth and PV-node VCT probes (the patch's debug line) on 14 positions of the
# 2026-12-06 games. Usage: SB=/tmp/sb_pv /usr/bin/python3 probe.py '[{"SB_PVVCT_PLY": "2"}, ...]'
import subprocess,glob,os,re,sys,json
import pathlib
here=pathlib.Path(__file__).resolve().parent
recs=sorted(glob.glob(str(here/'../2026-12-06_vm_gomoku_time/base-a/*.psq')))[:40:4]
positions=[]
for r in recs:
    lines=open(r).read().split('\n')[1:]
    mv=[tuple(map(int,l.split(',')[:2])) for l in lines if l.count(',')==2]
    for k in (6,10,14):
        if len(mv)>k+2: positions.append(mv[:k])
for cfg in json.loads(sys.argv[1]):
    ds=[];pr=[];ts=[]
    for pos in positions[:24]:
        n=len(pos)
        board="".join(f"{x-1},{y-1},{1 if (i%2)==(n%2) else 2}\n" for i,(x,y) in enumerate(pos))
        inp=f"START 15\nINFO timeout_turn 1000\nBOARD\n{board}DONE\nEND\n"
        e=dict(os.environ); e.update(cfg); e['SB_PVVCT_DEBUG']='1'
        p=subprocess.run([os.environ.get('SB', '/tmp/sb_pv'),'gomoku','pbrain','--level','4'],input=inp,capture_output=True,text=True,env=e)
        m=re.search(r'pvvct: (\d+) wins, (\d+) probes ([\d.]+) s, depth (\d+), ([\d.]+) s, (.*)',p.stdout+p.stderr)
        if m and m.group(6)=='search': ds.append((int(m.group(4)),p.stdout.strip().split("\n")[-1])); pr.append((int(m.group(1)),int(m.group(2)))); ts.append(float(m.group(3)))
    print(cfg, 'depth', ds, 'probes', pr, 'probe s', [round(t,2) for t in ts], flush=True)
