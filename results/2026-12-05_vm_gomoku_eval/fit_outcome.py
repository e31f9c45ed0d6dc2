# tex1: level 4's evaluation weights fitted to the game results; prints the 35 integers SB_TEXEL reads.
# Usage: /usr/bin/python3 fit_outcome.py > weights-tex1.txt
import numpy as np, pandas as pd, sys
from scipy.optimize import minimize
cols=['g','ply','n','y']+[f'sm{i}' for i in range(9)]+[f'so{i}' for i in range(9)]+[f'cm{i}' for i in range(8)]+[f'co{i}' for i in range(8)]+['tm','to']
d=pd.read_csv(sys.argv[1] if len(sys.argv)>1 else 'features.csv',names=cols)
q=(d.cm7==0)&(d.co7==0)&(d.cm6==0)&(d.ply<d.n)
d=d[q].copy(); d['black']=(d.ply%2==0).astype(float)
y=d.y.values
sh=[f'sm{i}' for i in range(2,8)]+[f'so{i}' for i in range(2,8)]
cl=[f'cm{i}' for i in (2,3,4,5)]+[f'co{i}' for i in (2,3,4,5,6)]
feat=sh+cl+['black']
X=np.hstack([d[feat].values.astype(float),np.ones((len(d),1))])
lam=float(sys.argv[2]) if len(sys.argv)>2 else 1e-4
def f(w):
    p=1/(1+np.exp(-X@w)); r=p-y
    g=X.T@(2*r*p*(1-p))/len(y)+2*lam*w*np.r_[np.ones(len(w)-1),0]
    return np.mean(r**2)+lam*np.sum(w[:-1]**2), g
w=minimize(f,np.zeros(X.shape[1]),jac=True,method='L-BFGS-B').x*1000
W=dict(zip(feat+['bias'],w))
out=[0]*35
for i in range(9):
    out[i]=W.get(f'sm{i}',0); out[9+i]=W.get(f'so{i}',0)
for c in range(8):
    out[18+c]=W.get(f'cm{c}',0); out[26+c]=W.get(f'co{c}',0)
out[34]=W['bias']+W['black']/2
print(' '.join(str(int(round(v))) for v in out))
