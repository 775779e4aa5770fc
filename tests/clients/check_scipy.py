"""A real SciPy client of the BLAS and LAPACK (tests/clients.sh), Debian's python3-scipy:
scipy.linalg.blas.dgemm, scipy.linalg.solve (dgesv) and eigh (dsyevd) on fresh random data of
order N (environment; default 300). Prints "name value" lines: sums of products, to compare
with a run without blasroute, and residuals, each of which must be small."""
import os

import numpy as np
import scipy.linalg as la
from scipy.linalg import blas

rng = np.random.default_rng(int(os.environ.get("SEED", "1")))
n = int(os.environ.get("N", "300"))
a = np.asfortranarray(rng.standard_normal((n, n)))
b = np.asfortranarray(rng.standard_normal((n, n)))
rhs = rng.standard_normal(n)
p = blas.dgemm(1.0, a, b)
s = a.T @ a + n * np.eye(n)
x = la.solve(s, rhs, assume_a="gen")
w, v = la.eigh(s)
scale = np.abs(s).max()
print(f"sum.dgemm {p.sum():.15e}")
print(f"sum.gram {s.sum():.15e}")
print(f"residual.solve {np.abs(s @ x - rhs).max() / (scale * np.abs(x).max()):.3e}")
print(f"residual.eigh {np.abs(s @ v - v * w).max() / scale:.3e}")
