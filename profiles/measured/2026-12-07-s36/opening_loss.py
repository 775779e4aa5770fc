"""From traces of one deterministic call stream (a reference-LAPACK run): what auto mode's CPU
calls took against the same calls in cpu mode (matched by position, the median of the cpu
runs), split at the calls the router made while the device was being opened on a warm-up
thread (before, during, after), large updates (dgemm with k = 64 and m >= 512) apart.
    python3 opening_loss.py auto.csv.gz cpu.csv.gz [cpu2.csv.gz...]"""
import collections
import csv
import gzip
import statistics
import sys

auto = list(csv.DictReader(gzip.open(sys.argv[1], "rt")))
cpus = [list(csv.DictReader(gzip.open(p, "rt"))) for p in sys.argv[2:]]
opening = [i for i, r in enumerate(auto) if r["reason"] == "the device is being opened"]
devices = [i for i, r in enumerate(auto) if r["where"] != "cpu"]
print(f"first device call {devices[0] if devices else '-'}; calls made while opening "
      f"{opening[0] if opening else '-'} to {opening[-1] if opening else '-'}")
totals = collections.defaultdict(lambda: [0, 0.0, 0.0])
for i, r in enumerate(auto[:min(len(c) for c in cpus)]):
    if r["where"] != "cpu":
        continue
    cpu_t = statistics.median(float(c[i]["measured_s"]) for c in cpus)
    large = r["routine"] == "dgemm" and r["k"] == "64" and int(r["m"]) >= 512
    phase = ("0 before" if not opening or i < opening[0] else
             "1 opening" if i <= opening[-1] else "2 after")
    t = totals[(phase, "large" if large else "small")]
    t[0] += 1
    t[1] += float(r["measured_s"])
    t[2] += cpu_t
for (phase, kind), (count, took, cpu_t) in sorted(totals.items()):
    print(f"{phase:9} {kind:5} {count:6} calls: auto {took:.3f} s, cpu mode {cpu_t:.3f} s, "
          f"{took - cpu_t:+.3f}")
