"""From traces of one deterministic call stream (a reference-LAPACK run) in auto and cpu mode:
each auto call that went to a device (or hybrid), in the stream's order, beside the same call's
time in the cpu mode runs (matched by position, the stream being the same), with what auto
predicted and what the call taught; then the totals per routine and path.
    python3 stream_calls.py auto.csv.gz cpu.csv.gz [cpu2.csv.gz...]"""
import collections
import csv
import gzip
import statistics
import sys

auto = list(csv.DictReader(gzip.open(sys.argv[1], "rt")))
cpus = [list(csv.DictReader(gzip.open(p, "rt"))) for p in sys.argv[2:]]
n = min([len(auto)] + [len(c) for c in cpus])
tot = collections.defaultdict(lambda: [0, 0.0, 0.0])
for i in range(n):
    a = auto[i]
    cpu_t = statistics.median(float(c[i]["measured_s"]) for c in cpus)
    key = (a["routine"], a["where"])
    t = tot[key]
    t[0] += 1
    t[1] += float(a["measured_s"])
    t[2] += cpu_t
    if a["where"] != "cpu":
        print(f"{i:6} {a['routine']} {a['m']:>5} {a['n']:>5} {a['k']:>5} {a['where']:6} "
              f"pred cpu {float(a['predicted_cpu_s']) * 1e3:7.2f} dev "
              f"{float(a['predicted_device_s']) * 1e3:7.2f} took {float(a['measured_s']) * 1e3:7.2f}"
              f" ms, cpu mode {cpu_t * 1e3:7.2f}; {a['reason'][:28]:28} taught {a['taught']}"
              f" {a['disturbed']}")
for (routine, where), (count, took, cpu_t) in sorted(tot.items()):
    print(f"{routine:7} {where:7} {count:6} calls: auto {took:8.4f} s, cpu mode {cpu_t:8.4f} s")
