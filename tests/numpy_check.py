"""numpy as an unmodified client of blasroute: products of every precision, transposed and
sliced operands (row-major CBLAS with every transpose), A @ A.T (which numpy sends to syrk),
matrix-vector products and a LAPACK solve, each checked against a result computed without BLAS
(einsum with optimize=False). Prints one line per check; exits 1 if any check fails."""
import sys

import numpy as np

rng = np.random.default_rng(int(sys.argv[1]) if len(sys.argv) > 1 else None)
failures = 0


def check(name, got, want, dtype):
    global failures
    eps = np.finfo(dtype).eps
    scale = max(1.0, float(np.max(np.abs(want))))
    error = float(np.max(np.abs(got - want))) if got.size else 0.0
    good = np.all(np.isfinite(got)) and error <= 64 * eps * scale * max(want.shape + (1,))
    failures += not good
    print(f"{'ok' if good else 'FAILED'} {name}: max error {error:.3g}")


def matrix(shape, dtype):
    x = rng.standard_normal(shape)
    if np.issubdtype(dtype, np.complexfloating):
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def reference(a, b):
    wide = np.complex128 if np.iscomplexobj(a) else np.float64
    return np.einsum("ij,jk->ik", a.astype(wide), b.astype(wide), optimize=False)


for dtype in (np.float32, np.float64, np.complex64, np.complex128):
    name = np.dtype(dtype).name
    for m, n, k in ((1, 1, 1), (7, 5, 3), (64, 65, 66), (130, 17, 200)):
        a, b = matrix((m, k), dtype), matrix((k, n), dtype)
        check(f"{name} {m}x{k} @ {k}x{n}", a @ b, reference(a, b), dtype)
        at, bt = matrix((k, m), dtype), matrix((n, k), dtype)
        check(f"{name} transposed operands", at.T @ bt.T, reference(at.T, bt.T), dtype)
        check(f"{name} conjugated operand", at.conj().T @ b, reference(at.conj().T, b), dtype)
    big = matrix((90, 120), dtype)
    check(f"{name} sliced operands", big[::2, 10:70] @ big[5:65, ::3],
          reference(big[::2, 10:70], big[5:65, ::3]), dtype)
    s = matrix((80, 50), dtype)
    check(f"{name} A @ A.T (syrk)", s @ s.T, reference(s, s.T), dtype)
    v = matrix((50,), dtype)
    check(f"{name} matrix @ vector", s @ v, reference(s, v[:, None])[:, 0], dtype)

a = matrix((60, 60), np.float64) + 60 * np.eye(60)
x = matrix((60, 3), np.float64)
check("float64 solve (LAPACK)", np.linalg.solve(a, a @ x), x, np.float64)
print(f"{failures} checks failed")
sys.exit(1 if failures else 0)
