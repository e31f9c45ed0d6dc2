# tex2: weights fitted to sigma(Wine's value / S), mixed with the result by MIX (1: Wine only).
# Usage: /usr/bin/python3 fit_wine.py S MIX OUT, e.g. fit_wine.py 50 1 weights-tex2.txt
import numpy as np, pandas as pd, sys
from scipy.optimize import minimize
cols=['g','ply','n','y']+[f'sm{i}' for i in range(9)]+[f'so{i}' for i in range(9)]+[f'cm{i}' for i in range(8)]+[f'co{i}' for i in range(8)]+['tm','to']
d=pd.read_csv('features.csv',names=cols)
lab=pd.read_csv('wine_labels.txt',sep=' ',names=['i','v']).dropna()
d=d.loc[lab.i.values].copy(); d['v']=lab.v.values
d['black']=(d.ply%2==0).astype(float)
S=float(sys.argv[1]) if len(sys.argv)>1 else 50
mix=float(sys.argv[2]) if len(sys.argv)>2 else 1.0   # weight of wine target vs outcome
d['t']=mix/(1+np.exp(-np.clip(d.v.values,-3000,3000)/S))+(1-mix)*d.y
sh=[f'sm{i}' for i in range(2,8)]+[f'so{i}' for i in range(2,8)]
cl=[f'cm{i}' for i in (2,3,4,5)]+[f'co{i}' for i in (2,3,4,5,6)]
games=d.g.values; ug=np.unique(games); rng=np.random.default_rng(1); rng.shuffle(ug); folds=np.array_split(ug,5)
def fitw(Xt,yt,lam=1e-4):
    def f(w):
        p=1/(1+np.exp(-Xt@w)); r=p-yt
        g=Xt.T@(2*r*p*(1-p))/len(yt)+2*lam*w*np.r_[np.ones(len(w)-1),0]
        return np.mean(r**2)+lam*np.sum(w[:-1]**2), g
    return minimize(f,np.zeros(Xt.shape[1]),jac=True,method='L-BFGS-B').x
def run(feat,show=False):
    X=np.hstack([d[feat].values.astype(float),np.ones((len(d),1))]); t=d.t.values; y=d.y.values
    cvt=[];cvy=[]
    for f in folds:
        te=np.isin(games,f); w=fitw(X[~te],t[~te]); p=1/(1+np.exp(-X[te]@w))
        cvt.append(np.mean((t[te]-p)**2)); cvy.append(np.mean((y[te]-p)**2))
    w=fitw(X,t)
    print(f'{len(feat)} feats: CV vs target {np.mean(cvt):.4f}, vs outcome {np.mean(cvy):.4f}')
    return w
d['base']=(1.2*d.tm-d.to+20 - 300*((d.co6>0)&(d.cm4+d.cm5==0)) + 1500*(d.cm5>0) + 800*((d.cm3>0)&(d.co4+d.co5==0)))/1000
print('target vs outcome', np.mean((d.t-d.y)**2), 'const', np.mean((d.t-d.t.mean())**2))
run(['base']); run(['base','black'])
w=run(sh+cl+['black'])
feat=sh+cl+['black']
W=dict(zip(feat+['bias'],w*1000))
for k,v in W.items(): print(f'{k:6s} {v:8.1f}')
out=[0]*35
for i in range(9):
    out[i]=W.get(f'sm{i}',0); out[9+i]=W.get(f'so{i}',0)
for c in range(8):
    out[18+c]=W.get(f'cm{c}',0); out[26+c]=W.get(f'co{c}',0)
out[34]=W['bias']
open(sys.argv[3] if len(sys.argv)>3 else 'wx.txt','w').write(' '.join(str(int(round(v))) for v in out)+'\n')
