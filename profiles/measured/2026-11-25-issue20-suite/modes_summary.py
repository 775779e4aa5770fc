"""Reads blasroute-bench --modes cpu,device,auto --csv rows and prints, per row, auto's rate
against the better of the cpu-mode and device-mode columns (rates: higher is better), the rows
where auto is more than 5% slower than that, and the worst; with --rounds 2 or more, also the
bench's auto_paired_ratio (auto against the better of the two in each round, the median: the
host's drift between rounds left out).
    python3 modes_summary.py modes.csv"""
import csv
import sys

rows = [line for line in open(sys.argv[1]) if not line.startswith("#")]
worst, over = None, []
print(f"{'routine':<7} {'options':<5} {'m':>5} {'n':>5} {'k':>5} {'cpu':>9} {'device':>9} "
      f"{'auto':>9} {'auto/best':>9} {'paired':>7}")
for r in csv.DictReader(rows):
    try:
        cpu, dev, auto = (float(r[k]) for k in ("br_cpu_mode_gflops", "br_device_mode_gflops",
                                                "br_auto_mode_gflops"))
    except ValueError:
        continue
    ratio = auto / max(cpu, dev)  # 1: as fast as the better; 0.95: 5% slower
    paired = r.get("auto_paired_ratio") or "-"
    print(f"{r['routine']:<7} {r['options']:<5} {r['m']:>5} {r['n']:>5} {r['k']:>5} {cpu:9.1f} "
          f"{dev:9.1f} {auto:9.1f} {ratio:9.3f} {paired:>7}{'  <' if ratio < 0.95 else ''}")
    if ratio < 0.95:
        over.append(r)
    if worst is None or ratio < worst[0]:
        worst = (ratio, r["routine"], r["m"], r["n"], r["k"])
print(f"# {len(over)} rows with auto more than 5% below the better column; worst {worst}")
