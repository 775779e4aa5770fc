# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 5.536 22.14 88.57 332.1 509.3 741.8 941.1 996.4 1024
dgemm = 5 20 80 300 460 670 850 900 920
cgemm = 5.536 22.14 88.57 332.1 509.3 741.8 941.1 996.4 1024
zgemm = 5 20 80 300 460 670 850 900 920
