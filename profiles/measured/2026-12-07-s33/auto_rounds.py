"""From a blasroute trace of a modes sweep (blasroute-bench --modes cpu,device,auto, traced):
per row, each auto round's calls by path and reason (with --taught, also by what they taught:
sample, bound, first), with their mean time, and the first CPU prediction of the round; to see
where auto lost.
    python3 auto_rounds.py [--taught] trace.csv.gz [ROUTINE]"""
import collections
import csv
import gzip
import sys

taught = "--taught" in sys.argv
args = [a for a in sys.argv[1:] if a != "--taught"]
rows = csv.DictReader(gzip.open(args[0], "rt"))
only = args[1] if len(args) > 1 else None
segs = []
for r in rows:
    key = (r["routine"], r["m"], r["n"], r["k"])
    col = "cpu" if r["reason"] == "mode cpu" else "device" if r["reason"] == "mode device" else "auto"
    if segs and segs[-1][0] == key and segs[-1][1] == col:
        segs[-1][2].append(r)
    else:
        segs.append((key, col, [r]))
for key, col, calls in segs:
    if col != "auto" or (only and key[0] != only):
        continue
    by = collections.defaultdict(list)
    for c in calls:
        by[(c["where"], c["reason"][:22]) + ((c["taught"],) if taught else ())].append(
            float(c["measured_s"]))
    first = calls[0]
    parts = "; ".join(f"{'/'.join(k)}: {len(t)} x {sum(t) / len(t) * 1e3:.3f}" for k, t in by.items())
    print(f"{key[0]:7} {key[1]:>5} {key[2]:>5} {key[3]:>5} pred cpu {float(first['predicted_cpu_s'])*1e3:.3f} "
          f"dev {float(first['predicted_device_s'])*1e3:.3f} | {parts}")
