#!/usr/bin/python3
# Seven openings that Wine 2.1 won as white against itself in both games (2026-12-02_vm_gomoku_wine,
# wine-wine-*) and level 4 lost as white against Wine in both (2026-12-05_vm_gomoku_speed, fast-*):
# Wine as black plays the same moves in both, so the games part where white's moves part. For
# each, the position before white's first different move, Wine's move there, level 4's move in
# the match, and level 4's move now (pbrain, --level 4, INFO timeout_turn T ms).
#   /usr/bin/python3 probe.py PATH/TO/searchbench T
import csv,glob,os,subprocess,sys
R=os.path.join(os.path.dirname(os.path.abspath(__file__)),'..')+'/'
def games(folder):
    out={}
    for f in sorted(glob.glob(folder+'-?.csv')):
        d=f[:-4]
        for r in csv.DictReader(open(f)):
            p=os.path.join(d,'game%04d.psq'%int(r['game']))
            mv=[]
            for line in open(p):
                parts=line.strip().split(',')
                if len(parts)>=2 and parts[0].isdigit() and parts[1].isdigit(): mv.append((int(parts[0]),int(parts[1])))
            out.setdefault(r['opening'],[]).append((r['result'],r['black_player'],mv))
    return out
ww=games(R+'2026-12-02_vm_gomoku_wine/wine-wine')
l4=games(R+'2026-12-05_vm_gomoku_speed/fast')
exe=sys.argv[1]; tt=int(sys.argv[2])
def nm(p): return chr(ord('a')+p[0]-1)+str(16-p[1])  # .psq x,y (1-based, y down) -> a1 notation
def ask(moves):
    p=subprocess.Popen([exe,'gomoku','pbrain','--level','4'],stdin=subprocess.PIPE,stdout=subprocess.PIPE,text=True)
    me=len(moves)%2  # side to move: 0 black
    lines=['START 15','INFO timeout_turn %d'%tt,'INFO timeout_match 10000000','INFO time_left 10000000','BOARD']
    for i,(x,y) in enumerate(moves):
        lines.append('%d,%d,%d'%(x-1,y-1,1 if i%2==me else 2))
    lines.append('DONE')
    out,_=p.communicate('\n'.join(lines)+'\nEND\n',timeout=60)
    mv=[l for l in out.split('\n') if l and l[0].isdigit()]
    return mv[0] if mv else out
for op,k in [('g10 i10 g8',5),('i9 j8 j10',5),('h9 j10 j7',5),('i10 h9 h7',5),('h8 h6 i7',5),('j10 j8 j9',3),('j10 i9 g9',5)]:
    wmv=ww[op][0][2]; lmv=[g for g in l4[op] if 'wine' in g[1]][0][2]
    assert wmv[:k]==lmv[:k], op
    a=ask(wmv[:k])
    x,y=map(int,a.split(',')) if ',' in a else (-1,-1)
    print('%-11s %-18s Wine (white) %-4s level 4 in the match %-4s level 4 now %s'%(op,' '.join(nm(m) for m in wmv[3:k]),nm(wmv[k]),nm(lmv[k]),nm((x+1,y+1))), flush=True)
