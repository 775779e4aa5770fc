"""The CPU model's shape formulas against a modes sweep's cpu column: for each skinny or thin row,
the rate each formula would read (from the same routine's square rows of the sweep, interpolated
log-log) over the rate measured in cpu mode (under 1: the model is pessimistic).
    python3 shape_fit.py callN-out/modes-*.csv ..."""
import math, sys
def load(path):
    rows=[l.rstrip('\n').split(',') for l in open(path) if l.strip() and not l.startswith('#')]
    hdr=rows[0]; return [dict(zip(hdr,r)) for r in rows[1:]]
def dims(r):
    fam=r['routine'][1:]
    m=float(r['m']) if r['m'] not in ('-','') else 0; n=float(r['n']); k=float(r['k']) if r['k'] not in ('-','') else 0
    if fam=='gemm': return m,n,k
    if fam in('syrk','herk','syr2k','her2k'): return n,n,k
    return m,n,m  # side L
forms={
 'cube':lambda a,b,c:(a*b*c)**(1/3),
 'cur 2.5/(1/m+1/n+.5/k)':lambda a,b,c:2.5/(1/a+1/b+0.5/c),
 '2.25/(1/m+1/n+.25/k)':lambda a,b,c:2.25/(1/a+1/b+0.25/c),
 'geo(cur,cube)':lambda a,b,c:math.sqrt(2.5/(1/a+1/b+0.5/c)*(a*b*c)**(1/3)),
 'harm3':lambda a,b,c:3/(1/a+1/b+1/c),
}
for path in sys.argv[1:]:
    data=load(path)
    fams={}
    for r in data:
        fams.setdefault(r['routine'],[]).append(r)
    for rout,rs in fams.items():
        sq=[(float(r['n']),float(r['br_cpu_mode_gflops'])) for r in rs if r['n']==r.get('k',r['n']) or (r['m']==r['n'] and r['k'] in('-',''))]
        sq=[(n,g) for n,g in sq if g>0]
        sq.sort()
        if len(sq)<5: continue
        def R(s):
            if s<=sq[0][0]: return sq[0][1]*s/sq[0][0]
            if s>=sq[-1][0]: return sq[-1][1]
            for (n0,g0),(n1,g1) in zip(sq,sq[1:]):
                if n0<=s<=n1:
                    t=math.log(s/n0)/math.log(n1/n0); return math.exp(math.log(g0)+t*(math.log(g1)-math.log(g0)))
        for r in rs:
            a,b,c=dims(r)
            if min(a,b,c)*4>=max(a,b,c): continue
            meas=float(r['br_cpu_mode_gflops'])
            out=[f"{rout:7s} {int(a):5d} {int(b):5d} {int(c):5d} meas {meas:7.1f}"]
            for name,f in forms.items():
                out.append(f"{name.split()[0]}:{R(f(a,b,c))/meas:5.2f}")
            print(' '.join(out))
