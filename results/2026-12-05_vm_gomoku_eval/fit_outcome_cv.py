# Cross-validated fits of the game result (tex1's model and the simpler ones beside it); NOTES.md.
import numpy as np, pandas as pd, sys
from scipy.optimize import minimize
cols=['g','ply','n','y']+[f'sm{i}' for i in range(9)]+[f'so{i}' for i in range(9)]+[f'cm{i}' for i in range(8)]+[f'co{i}' for i in range(8)]+['tm','to']
d=pd.read_csv('features.csv',names=cols)
q=(d.cm7==0)&(d.co7==0)&(d.cm6==0)&(d.ply<d.n)
d=d[q].copy(); d['black']=(d.ply%2==0).astype(float)
print(len(d),'positions')
y=d.y.values
games=d.g.values; ug=np.unique(games); rng=np.random.default_rng(1); rng.shuffle(ug)
folds=np.array_split(ug,5)
def fitw(Xt,yt,lam=1e-4):
    def f(w):
        p=1/(1+np.exp(-Xt@w)); r=p-yt
        g=Xt.T@(2*r*p*(1-p))/len(yt)+2*lam*w*np.r_[np.ones(len(w)-1),0]
        return np.mean(r**2)+lam*np.sum(w[:-1]**2), g
    return minimize(f,np.zeros(Xt.shape[1]),jac=True,method='L-BFGS-B').x
def cv(feat):
    X=d[feat].values.astype(float); X=np.hstack([X,np.ones((len(X),1))])
    out=[]
    for f in folds:
        te=np.isin(games,f); w=fitw(X[~te],y[~te]); p=1/(1+np.exp(-X[te]@w)); out.append(np.mean((y[te]-p)**2))
    return np.mean(out), fitw(X,y)
d['base']=(1.2*d.tm-d.to+20 - 300*((d.co6>0)&(d.cm4+d.cm5==0)) + 1500*(d.cm5>0) + 800*((d.cm3>0)&(d.co4+d.co5==0)))/1000
print('const', cv([])[0])
print('colour', cv(['black'])[0])
print('base', cv(['base'])[0])
print('base+colour', cv(['base','black'])[0])
d['tmk']=d.tm/100; d['tok']=d.to/100
print('tm,to', cv(['tmk','tok'])[0])
print('tm,to,colour', cv(['tmk','tok','black'])[0])
sh=[f'sm{i}' for i in range(2,8)]+[f'so{i}' for i in range(2,8)]
print('shapes', cv(sh)[0])
cl=[f'cm{i}' for i in (2,3,4,5)]+[f'co{i}' for i in (2,3,4,5,6)]
m,w=cv(sh+cl); print('shapes+classes', m)
m,w=cv(sh+cl+['black']); print('shapes+classes+colour', m)
for n_,v in zip(sh+cl+['black','bias'],w): print(f'{n_:6s} {v*1000:9.1f}')
