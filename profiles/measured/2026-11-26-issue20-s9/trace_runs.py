"""Summarizes a BLASROUTE_TRACE file as runs of consecutive calls with the same path and
reason: how many, their median measured time, and the first call's predictions.
    python3 trace_runs.py trace.csv"""
import csv
import statistics
import sys

rows = list(csv.DictReader(open(sys.argv[1])))
runs = []
for r in rows:
    key = (r["where"], r["reason"])
    if runs and runs[-1][0] == key:
        runs[-1][1].append(r)
    else:
        runs.append((key, [r]))
for (where, reason), calls in runs:
    first = calls[0]
    measured = statistics.median(float(c["measured_s"]) for c in calls)
    print(f"{len(calls):6d} x {where:<8} {reason[:44]:<44} median {measured * 1e3:9.3f} ms  "
          f"predicted cpu {float(first['predicted_cpu_s']) * 1e3:8.3f} device "
          f"{float(first['predicted_device_s']) * 1e3:8.3f} hybrid "
          f"{float(first['predicted_hybrid_s']) * 1e3:8.3f} share {first['device_share']}")
