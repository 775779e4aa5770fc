"""From a blasroute trace of a modes sweep: per row, per column segment (cpu, device, auto), the
mean per call over the segment's last 20 ms of calls (a round's timed stream) and its fastest call;
then, per row, best-of-rounds by mean and by min, auto against the better column."""
import csv, gzip, sys, collections
rows = csv.DictReader(gzip.open(sys.argv[1], "rt"))
segs = []  # (rowkey, column, [times])
for r in rows:
    key = (r["routine"], r["side"], r["uplo"], r["transa"], r["m"], r["n"], r["k"])
    col = "cpu" if r["reason"] == "mode cpu" else "device" if r["reason"] == "mode device" else "auto"
    t = float(r["measured_s"])
    if segs and segs[-1][0] == key and segs[-1][1] == col:
        segs[-1][2].append(t)
    else:
        segs.append((key, col, [t]))
res = collections.defaultdict(lambda: collections.defaultdict(list))
for key, col, ts in segs:
    tail, s = [], 0.0
    for t in reversed(ts):
        tail.append(t); s += t
        if s >= 0.02: break
    res[key][col].append((sum(tail) / len(tail), min(tail), len(ts)))
for key, cols in res.items():
    if not all(c in cols for c in ("cpu", "device", "auto")): continue
    bm = {c: min(x[0] for x in v) for c, v in cols.items()}
    bn = {c: min(x[1] for x in v) for c, v in cols.items()}
    rm = min(bm["cpu"], bm["device"]) / bm["auto"]
    rn = min(bn["cpu"], bn["device"]) / bn["auto"]
    print(f"{key[0]:7} {key[4]:>5} {key[5]:>5} {key[6]:>5}  mean-ms cpu {bm['cpu']*1e3:7.3f} dev {bm['device']*1e3:7.3f} auto {bm['auto']*1e3:7.3f} ratio {rm:5.3f} | by-min {rn:5.3f}{'  <' if rm < 0.95 else ''}")
