"""A numpy program that knows nothing of blasroute: it multiplies matrices, as any program would."""
import time

import numpy as np

rng = np.random.default_rng(1)
a = rng.standard_normal((1000, 800))
b = rng.standard_normal((800, 600))
start = time.perf_counter()
c = a @ b                  # cblas_dgemm
gram = a @ a.T             # cblas_dsyrk
z = (a[:200, :300] + 1j) @ (b[:300, :100] - 2j)  # cblas_zgemm
elapsed = time.perf_counter() - start
print(f"C = A @ B: {c.shape}, C[0, :3] = {np.round(c[0, :3], 6)}")
print(f"A @ A.T symmetric: {np.allclose(gram, gram.T)}; complex product: {z.shape}")
check = np.einsum("ij,jk->ik", a[:50], b, optimize=False)  # no BLAS: an independent check
print(f"largest difference from a product computed without BLAS: {np.max(np.abs(c[:50] - check)):.2e}")
print(f"three products in {elapsed * 1e3:.1f} ms; blasroute's report follows on stderr")
