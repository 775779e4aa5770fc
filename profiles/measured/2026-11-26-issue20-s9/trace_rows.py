"""Splits a BLASROUTE_TRACE of a blasroute-bench sweep into its rows (consecutive calls of one
routine, options and shape) and prints, for the rows named, runs of consecutive calls with the
same path and reason: how many, their median and least measured time, the first call's
predictions.
    python3 trace_rows.py trace.csv[.gz] ROUTINE:M:N:K ...   (M, N or K '0' where not taken)"""
import csv
import gzip
import statistics
import sys


def print_runs(calls):
    runs = []
    for c in calls:
        k = (c["where"], c["reason"])
        if runs and runs[-1][0] == k:
            runs[-1][1].append(c)
        else:
            runs.append((k, [c]))
    for (where, reason), cs in runs:
        t = [float(c["measured_s"]) * 1e3 for c in cs]
        f = cs[0]
        print(f"{len(cs):6d} x {where:<8} {reason[:40]:<40} median {statistics.median(t):8.3f} "
              f"min {min(t):8.3f} ms  pred cpu {float(f['predicted_cpu_s']) * 1e3:8.3f} dev "
              f"{float(f['predicted_device_s']) * 1e3:8.3f} hyb "
              f"{float(f['predicted_hybrid_s']) * 1e3:8.3f} share {float(f['device_share']):.2f}")


if __name__ == "__main__":
    opener = gzip.open if sys.argv[1].endswith(".gz") else open
    rows, current = [], None
    for r in csv.DictReader(opener(sys.argv[1], "rt")):
        key = (r["routine"], r["m"], r["n"], r["k"])
        if current is None or current[0] != key:
            current = (key, [])
            rows.append(current)
        current[1].append(r)
    wanted = {tuple(w.split(":")) for w in sys.argv[2:]}
    for key, calls in rows:
        if key in wanted:
            print("==", ":".join(key))
            print_runs(calls)
