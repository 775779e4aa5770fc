# An unmodified numpy/SciPy script, as a user would write it (nothing about blasroute): products
# of large arrays in four precisions, numpy.linalg, and SciPy's BLAS wrapper. It times each
# operation and checks each product on 64 random entries against dot products of 1-D vectors
# (Level 1: never routed, answered by numpy's own OpenBLAS).
import sys, time
import numpy as np
import scipy.linalg.blas as sblas

rng = np.random.default_rng(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
n = int(sys.argv[2]) if len(sys.argv) > 2 else 8192

def check(c, a, b, eps):
    worst = 0.0
    for _ in range(64):
        i, j = rng.integers(0, c.shape[0]), rng.integers(0, c.shape[1])
        exact = np.dot(a[i, :], b[:, j])
        scale = np.dot(np.abs(a[i, :]), np.abs(b[:, j]))
        worst = max(worst, abs(c[i, j] - exact) / scale)
    return worst, worst <= 4 * eps * a.shape[1] ** 0.5 + 1e-30

def timed(label, f, a, b, eps, repeat=3):
    times = []
    for _ in range(repeat):
        t = time.perf_counter(); c = f(a, b); times.append(time.perf_counter() - t)
    err, ok = check(c, a, b, eps)
    flops = 2.0 * a.shape[0] * a.shape[1] * b.shape[1] * (4 if np.iscomplexobj(a) else 1)
    print(f"{label:34s} first {times[0]:8.3f} s  best {min(times):8.3f} s  "
          f"{flops / min(times) / 1e12:7.2f} TFLOP/s  error {err:.1e} {'ok' if ok else 'WRONG'}",
          flush=True)
    return ok

all_ok = True
for dtype, eps in [(np.float64, 2.2e-16), (np.float32, 1.2e-7), (np.complex128, 2.2e-16),
                   (np.complex64, 1.2e-7)]:
    m = n if dtype in (np.float64, np.float32) else n // 2
    a = rng.standard_normal((m, m)).astype(dtype)
    b = rng.standard_normal((m, m)).astype(dtype)
    if np.iscomplexobj(a):
        a += 1j * rng.standard_normal((m, m)); b += 1j * rng.standard_normal((m, m))
    name = np.dtype(dtype).name
    all_ok &= timed(f"{name} a @ b ({m})", lambda x, y: x @ y, a, b, eps)
    if dtype == np.float64:
        all_ok &= timed(f"{name} np.dot ({m})", np.dot, a, b, eps, repeat=1)
        all_ok &= timed(f"{name} scipy blas.dgemm ({m})", lambda x, y: sblas.dgemm(1.0, x, y),
                        a, b, eps, repeat=1)
        spd = a @ a.T + m * np.eye(m)
        t = time.perf_counter(); l = np.linalg.cholesky(spd); t = time.perf_counter() - t
        res = np.linalg.norm(l @ l.T - spd) / np.linalg.norm(spd)
        print(f"{'float64 numpy.linalg.cholesky':34s} {t:8.3f} s  residual {res:.1e}", flush=True)
        t = time.perf_counter(); x = np.linalg.solve(a, b[:, :256]); t = time.perf_counter() - t
        res = np.linalg.norm(a @ x - b[:, :256]) / (np.linalg.norm(a) * np.linalg.norm(x))
        print(f"{'float64 numpy.linalg.solve (256)':34s} {t:8.3f} s  residual {res:.1e}", flush=True)
        all_ok &= res < 1e-12
print("all right" if all_ok else "SOME WRONG")
