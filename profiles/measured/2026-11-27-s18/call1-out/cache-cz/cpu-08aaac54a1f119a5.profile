# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 6.822 27.29 109.1 409.3 627.6 914.1 1160 1228 1262
dgemm = 3.411 13.64 54.57 204.7 313.8 457.1 579.8 614 627.6
cgemm = 6.822 27.29 109.1 409.3 627.6 914.1 1160 1228 1262
zgemm = 3.411 13.64 54.57 204.7 313.8 457.1 579.8 614 627.6
