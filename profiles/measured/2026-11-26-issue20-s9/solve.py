"""numpy.linalg.solve at the orders given, in a process whose device is already open and
warm (one 8192 product first, as the numpy workload has made by then): best of 3 each, and
the scaled residual |A x - b| / (|A| |x|), on stderr (beside blasroute's report).
    python3 solve.py 4096 6144"""
import sys
import time

import numpy as np

rng = np.random.default_rng(7)
w = rng.standard_normal((8192, 8192))
w @ w
for n in map(int, sys.argv[1:]):
    a = rng.standard_normal((n, n))
    b = rng.standard_normal((n, 8))
    times = []
    for _ in range(3):
        start = time.perf_counter()
        x = np.linalg.solve(a, b)
        times.append(time.perf_counter() - start)
    residual = np.linalg.norm(a @ x - b) / (np.linalg.norm(a) * np.linalg.norm(x))
    print(f"solve {n}: best {min(times):.4f} s of {' '.join(f'{t:.4f}' for t in times)}, "
          f"residual {residual:.1e}", file=sys.stderr)
