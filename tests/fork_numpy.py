"""fork() after the device was used, from Python (issue 18): the parent multiplies matrices with
numpy (on the device in device mode, through blasroute), a multiprocessing pool with the fork
start method multiplies in 4 children, and the parent multiplies again. Every product is
checked against einsum without BLAS. Prints 'ok' lines; exits 1 on a wrong result."""
import multiprocessing
import sys

import numpy as np

N = 256


def product_error(seed):
    rng = np.random.default_rng(seed)
    a = rng.integers(-3, 4, size=(N, N)).astype(np.float64)
    b = rng.integers(-3, 4, size=(N, N)).astype(np.float64)
    expected = np.einsum("ij,jk->ik", a, b, optimize=False)  # plain loops, no BLAS
    return float(np.abs(a @ b - expected).max())


def main():
    worst = product_error(1)
    print("ok parent before" if worst == 0 else f"not ok parent before: error {worst}")
    context = multiprocessing.get_context("fork")
    with context.Pool(4) as pool:
        errors = pool.map(product_error, range(10, 18))
    print("ok children" if max(errors) == 0 else f"not ok children: errors {errors}")
    after = product_error(2)
    print("ok parent after" if after == 0 else f"not ok parent after: error {after}")
    sys.exit(0 if worst == 0 and max(errors) == 0 and after == 0 else 1)


if __name__ == "__main__":
    main()
