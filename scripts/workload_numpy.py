"""A numpy script as users write them, for the workload suite (scripts/workload): products of
many shapes (square, skinny, thin, float64 and float32) mixed with linalg calls (solve,
cholesky, qr, eigh, inv), on fresh random data, each result checked. Prints one line,

    numpy N SECONDS right

where SECONDS is the time of the computations alone (not of making the data nor checking it).
Exit status 1 if any result was wrong.
"""
import sys
import time

import numpy as np


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1024
    rng = np.random.default_rng(5)
    spent = 0.0
    wrong = []

    def timed(f, *args):
        nonlocal spent
        start = time.perf_counter()
        result = f(*args)
        spent += time.perf_counter() - start
        return result

    def close(x, y, tolerance, what):
        scale = max(np.abs(y).max(), 1.0)
        if not np.abs(x - y).max() <= tolerance * scale:
            wrong.append(what)

    # Products: (m, k, n) shapes a program meets, each checked against A (B x) on a vector.
    shapes = [(n, n, n), (n, n, 64), (n, 64, n), (64, n, n), (n, n, 8), (2 * n, n // 2, n),
              (n // 4, n // 4, n // 4), (n // 2, 2 * n, n // 2)]
    for dtype, tolerance in ((np.float64, 1e-10), (np.float32, 1e-3)):
        for m, k, p in shapes:
            a = rng.standard_normal((m, k)).astype(dtype)
            b = rng.standard_normal((k, p)).astype(dtype)
            c = timed(np.matmul, a, b)
            x = rng.standard_normal(p)
            close(c.astype(np.float64) @ x, a.astype(np.float64) @ (b.astype(np.float64) @ x),
                  tolerance * k, f"{np.dtype(dtype).name} {m}x{k}x{p}")
        # A transposed product, as in normal equations.
        a = rng.standard_normal((n, n // 2)).astype(dtype)
        g = timed(lambda: a.T @ a)
        x = rng.standard_normal(n // 2)
        close(g.astype(np.float64) @ x, a.T.astype(np.float64) @ (a.astype(np.float64) @ x),
              tolerance * n, f"{np.dtype(dtype).name} gram")

    # linalg
    a = rng.standard_normal((n, n))
    b = rng.standard_normal((n, 16))
    x = timed(np.linalg.solve, a, b)
    close(a @ x, b, 1e-8 * n, "solve")
    s = a @ a.T + n * np.eye(n)
    l = timed(np.linalg.cholesky, s)
    close(l @ (l.T @ b[:, 0]), s @ b[:, 0], 1e-10 * n, "cholesky")
    h = n // 2
    q, r = timed(np.linalg.qr, a[:h, :h])
    close(q @ (r @ b[:h, 0]), a[:h, :h] @ b[:h, 0], 1e-10 * n, "qr")
    e = n // 4
    w, v = timed(np.linalg.eigh, s[:e, :e])
    close(s[:e, :e] @ v[:, 0], w[0] * v[:, 0], 1e-9 * n, "eigh")
    inverse = timed(np.linalg.inv, a[:h, :h])
    close(a[:h, :h] @ (inverse @ b[:h, 0]), b[:h, 0], 1e-6 * n, "inv")

    print(f"numpy {n} {spent:.4f} s {'WRONG ' + ','.join(wrong) if wrong else 'right'}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
