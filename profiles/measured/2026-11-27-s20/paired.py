import glob, os, re, statistics, sys
from collections import defaultdict
for d in sys.argv[1:]:
    runs = defaultdict(dict)
    for f in glob.glob(f"{d}/*.txt"):
        name = os.path.basename(f)[:-4]
        m = re.match(r"(\w+)-(\d+)-(cpu|device-cold|device-warm|auto-cold|auto-warm)-(\d+)$", name)
        if not m: continue
        first = [l for l in open(f) if re.search(r" s right", l)]
        if not first: continue
        sec = float(first[0].split()[2])
        runs[(m.group(1), m.group(2))].setdefault(m.group(3), {})[int(m.group(4))] = sec
    for (w, o), modes in sorted(runs.items()):
        out = []
        for ph in ("cold", "warm"):
            ratios = []
            for r, a in sorted(modes.get(f"auto-{ph}", {}).items()):
                c = modes["cpu"].get(r)
                dv = modes.get(f"device-{ph}", {}).get(r, float("inf"))
                if c: ratios.append(a / min(c, dv))
            out.append(f"{statistics.median(ratios):.3f} (n={len(ratios)}, {min(ratios):.2f}-{max(ratios):.2f})" if ratios else "-")
        print(f"{d:28s} {w:6s} {o:5s} paired cold {out[0]}  warm {out[1]}")
