"""From traces of modes sweeps: the device calls auto mode chose (not tries), by what they
taught (bound: met a CPU call's spin, or sample), against the median of device mode's calls of
their row; and the CPU calls auto chose against cpu mode's median.
    python3 spin_calls.py trace.csv.gz..."""
import collections
import csv
import gzip
import statistics
import sys

for path in sys.argv[1:]:
    med = collections.defaultdict(list)
    auto = collections.defaultdict(list)
    for r in csv.DictReader(gzip.open(path, "rt")):
        key = (r["routine"], r["m"], r["n"], r["k"])
        t = float(r["measured_s"])
        if r["reason"] in ("mode cpu", "mode device"):
            med[(key, r["reason"][5:])].append(t)
        elif "tried" not in r["reason"] and r["where"] in ("cpu", "device"):
            auto[(key, r["where"], r["taught"])].append(t)
    print(path)
    totals = collections.defaultdict(lambda: [0, 0.0, 0.0])
    for (key, where, taught), ts in sorted(auto.items()):
        base = statistics.median(med[(key, where)]) if med[(key, where)] else float("nan")
        ratio = statistics.mean(ts) / base
        tot = totals[(where, taught)]
        tot[0] += len(ts)
        tot[1] += sum(ts)
        tot[2] += base * len(ts)
        if where == "device" and len(ts) >= 5:
            print(f"  {key[0]:7} {key[1]:>4} {key[2]:>4} {key[3]:>4} {where:6} {taught:6} "
                  f"{len(ts):4} calls, mean {statistics.mean(ts) * 1e3:.3f} ms, "
                  f"{ratio:.2f} x the mode's median")
    for (where, taught), (n, s, b) in sorted(totals.items()):
        print(f"  all {where:6} {taught:6}: {n:5} calls, {s / b:.2f} x their modes' medians, "
              f"{(s - b) * 1e3:.1f} ms over them")
