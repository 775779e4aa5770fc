# The factorizations with the least around them: scipy.linalg.lu_factor and cholesky on
# Fortran-ordered arrays (SciPy then copies the input once, contiguously), three and two calls
# in one process, each timed.     python3 factor_only.py N
import sys, time, numpy as np, scipy.linalg as sla
n = int(sys.argv[1]); rng = np.random.default_rng(1)
a = np.asfortranarray(rng.standard_normal((n, n)))
for i in range(3):
    t = time.perf_counter(); lu = sla.lu_factor(a, overwrite_a=False, check_finite=False); t = time.perf_counter() - t
    print(f"lu_factor F-order n={n} {t:.3f} s", flush=True)
s = np.asfortranarray(a @ a.T + n * np.eye(n))
for i in range(2):
    t = time.perf_counter(); c = sla.cholesky(s, lower=True, check_finite=False); t = time.perf_counter() - t
    print(f"cholesky F-order n={n} {t:.3f} s", flush=True)
