# Issue 19's "Done when": an unmodified pip-numpy script computing a @ b for float64 8192 x 8192,
# timed (best of 3 after the first, which pays blasroute's device set-up) and checked on 64
# random entries against Level-1 dot products (numpy's own OpenBLAS).
import time, numpy as np
rng = np.random.default_rng(1)
a = rng.standard_normal((8192, 8192)); b = rng.standard_normal((8192, 8192))
times = []
for _ in range(4):
    t = time.perf_counter(); c = a @ b; times.append(time.perf_counter() - t)
worst = max(abs(c[i, j] - np.dot(a[i, :], b[:, j])) / np.dot(np.abs(a[i, :]), np.abs(b[:, j]))
            for i, j in rng.integers(0, 8192, (64, 2)))
print(f"float64 a @ b 8192: first {times[0]:.3f} s, best of the rest {min(times[1:]):.3f} s, "
      f"worst relative error {worst:.1e} {'right' if worst < 1e-13 else 'WRONG'}", flush=True)
