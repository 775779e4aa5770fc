"""cuBLAS's GEMM rates with the data on the GPU, the kernel anchor of issue 22, through PyTorch
on the GPU machine (its default python3), TF32 off:

    python3 cublas.py SIZES        # e.g. 4096,8192

One line per precision and order: "cublas ?gemm N GFLOP/s", the best of 5 timed calls after 2
warm-ups, C = 1.1 A B + 0.5 C (torch.addmm) on random data, as blasroute-bench's br-res times
its own: 2 n^3 flops (8 n^3 complex).
"""
import sys
import time

import torch

torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False


def rate(dtype, n):
    a, b, c = (torch.rand(n, n, dtype=dtype, device="cuda") for _ in range(3))
    out = torch.empty_like(c)
    best = float("inf")
    for attempt in range(7):
        torch.cuda.synchronize()
        start = time.perf_counter()
        torch.addmm(c, a, b, beta=0.5, alpha=1.1, out=out)
        torch.cuda.synchronize()
        if attempt >= 2:
            best = min(best, time.perf_counter() - start)
    flops = (8 if dtype.is_complex else 2) * float(n) ** 3
    return flops / best * 1e-9


def main():
    sizes = [int(s) for s in (sys.argv[1] if len(sys.argv) > 1 else "4096,8192").split(",")]
    print(f"# {torch.cuda.get_device_name()}, torch {torch.__version__}, CUDA "
          f"{torch.version.cuda}", flush=True)
    for letter, dtype in (("s", torch.float32), ("d", torch.float64),
                          ("c", torch.complex64), ("z", torch.complex128)):
        for n in sizes:
            print(f"cublas {letter}gemm {n} {rate(dtype, n):.0f}", flush=True)


if __name__ == "__main__":
    main()
