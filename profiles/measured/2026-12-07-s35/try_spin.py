"""From traces of modes sweeps: what auto's device calls (the model's, not tries) that met a
CPU call's spin (taught as bounds) lost over device mode's median of their row, split by the
CPU call whose spin it was: a try of the CPU, or another (auto's or cpu mode's); beside what the
CPU tries themselves cost over device mode's median.
    python3 try_spin.py trace.csv.gz..."""
import collections
import csv
import gzip
import statistics
import sys

for path in sys.argv[1:]:
    rows = list(csv.DictReader(gzip.open(path, "rt")))
    med = collections.defaultdict(list)
    for r in rows:
        if r["reason"] == "mode device":
            med[(r["routine"], r["m"], r["n"], r["k"])].append(float(r["measured_s"]))
    med = {k: statistics.median(v) for k, v in med.items()}
    lost = collections.Counter()
    calls = collections.Counter()
    last_cpu = None
    for r in rows:
        key = (r["routine"], r["m"], r["n"], r["k"])
        auto = not r["reason"].startswith("mode ")
        if r["where"] == "cpu":
            last_cpu = "try" if auto and "tried" in r["reason"] else "call (auto or cpu mode)"
            if last_cpu == "try" and key in med:
                lost["the CPU tries themselves"] += float(r["measured_s"]) - med[key]
                calls["the CPU tries themselves"] += 1
        elif auto and r["where"] == "device" and "tried" not in r["reason"] and \
                r["taught"] == "bound" and key in med:
            what = f"device bound after a CPU {last_cpu}"
            lost[what] += float(r["measured_s"]) - med[key]
            calls[what] += 1
    print(path)
    for what in sorted(lost):
        print(f"  {what:32}: {calls[what]:5} calls, {lost[what] * 1e3:7.1f} ms over device "
              "mode's median")
