# numpy.linalg and scipy.linalg as a user calls them (nothing about blasroute): solve, inv, det,
# cholesky, SciPy's lu_factor/lu_solve and cho_factor, QR; each timed twice in one process
# (the first call of a process pays blasroute's device set-up) and checked.
#     python3 linalg.py N [ops]        ops: a comma list (default: all)
import sys, time
import numpy as np
import scipy.linalg as sla

n = int(sys.argv[1])
ops = sys.argv[2].split(",") if len(sys.argv) > 2 else None
rng = np.random.default_rng(n)
all_ok = True

def run(label, f, check, repeat=2):
    global all_ok
    if ops and label.split()[0] not in ops:
        return
    times = []
    for _ in range(repeat):
        t = time.perf_counter(); r = f(); times.append(time.perf_counter() - t)
    err, ok = check(r)
    all_ok &= ok
    print(f"{label:28s} n={n:5d} first {times[0]:7.3f} s  best {min(times):7.3f} s  "
          f"check {err:.1e} {'ok' if ok else 'WRONG'}", flush=True)

for dtype, tol in [(np.float64, 1e-12), (np.float32, 1e-4)]:
    name = np.dtype(dtype).name
    a = rng.standard_normal((n, n)).astype(dtype)
    b = rng.standard_normal((n, 256)).astype(dtype)
    na = np.linalg.norm(a)
    def solve_check(x):
        e = np.linalg.norm(a @ x - b) / (na * np.linalg.norm(x)); return e, e < tol
    run(f"solve {name} nrhs=256", lambda: np.linalg.solve(a, b), solve_check)
    if dtype != np.float64:
        continue
    def inv_check(ai):
        e = np.linalg.norm(a @ ai - np.eye(n)) / (na * np.linalg.norm(ai)); return e, e < tol
    run(f"inv {name}", lambda: np.linalg.inv(a), inv_check)
    ref = np.sum(np.log(np.abs(np.linalg.svd(a[:64, :64], compute_uv=False))))  # warm only
    def det_check(sl):
        # logdet printed for comparison across runs; right when finite and the sign is +-1
        print(f"{'':28s} slogdet sign {sl[0]:+.0f} logabsdet {sl[1]:.12e}")
        return 0.0, abs(sl[0]) == 1 and np.isfinite(sl[1])
    run(f"slogdet {name}", lambda: np.linalg.slogdet(a), det_check)
    s = a @ a.T + n * np.eye(n, dtype=dtype)
    ns = np.linalg.norm(s)
    def chol_check(l):
        e = np.linalg.norm(l @ l.T - s) / ns; return e, e < tol
    run(f"cholesky {name}", lambda: np.linalg.cholesky(s), chol_check)
    def lu_check(f):
        x = sla.lu_solve(f, b); e = np.linalg.norm(a @ x - b) / (na * np.linalg.norm(x))
        return e, e < tol
    run(f"scipy_lu_factor {name}", lambda: sla.lu_factor(a), lu_check)
    def cho_check(c):
        e = np.linalg.norm(np.triu(c) .T @ np.triu(c) - s) / ns; return e, e < tol
    run(f"scipy_cholesky {name}", lambda: sla.cholesky(s), cho_check)
    def qr_check(qr):
        e = np.linalg.norm(qr[0] @ qr[1] - a) / na; return e, e < tol
    if n <= 4096:
        run(f"qr {name}", lambda: np.linalg.qr(a), qr_check, repeat=1)
print("all right" if all_ok else "SOME WRONG", flush=True)
