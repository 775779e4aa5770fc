"""Sums a BLASROUTE_TRACE file per routine and path: calls, measured seconds, and the model's
predicted seconds for the path taken (the CPU's or the device's).
    python3 trace_summary.py TRACE.csv"""
import csv
import sys
from collections import defaultdict

rows = defaultdict(lambda: [0, 0.0, 0.0])
with open(sys.argv[1]) as f:
    for r in csv.DictReader(f):
        key = (r["routine"], r["where"])
        cell = rows[key]
        cell[0] += 1
        cell[1] += float(r["measured_s"] or 0)
        p = r["predicted_cpu_s"] if r["where"] == "cpu" else r["predicted_device_s"]
        cell[2] += float(p or 0)
print(f"{'routine':<8} {'where':<9} {'calls':>6} {'measured s':>11} {'predicted s':>12}")
for (routine, where), (n, m, p) in sorted(rows.items()):
    print(f"{routine:<8} {where:<9} {n:>6} {m:11.4f} {p:12.4f}")
