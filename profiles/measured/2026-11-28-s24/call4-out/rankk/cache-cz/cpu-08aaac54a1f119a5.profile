# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 7.867 31.47 125.9 472 723.7 1054 1337 1416 1455
dgemm = 5 20 80 300 460 670 850 900 920
cgemm = 7.867 31.47 125.9 472 723.7 1054 1337 1416 1455
zgemm = 5 20 80 300 460 670 850 900 920
