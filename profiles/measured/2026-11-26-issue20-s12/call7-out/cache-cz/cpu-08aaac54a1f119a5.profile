# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 35.77 143.1 89.51 356.4 459.8 669.7 849.6 899.6 924.6
dgemm = 17.17 68.67 87.88 172 241 351.1 445.4 471.6 482
cgemm = 35.77 143.1 89.51 356.4 459.8 669.7 849.6 899.6 924.6
zgemm = 17.17 68.67 87.88 172 241 351.1 445.4 471.6 482
