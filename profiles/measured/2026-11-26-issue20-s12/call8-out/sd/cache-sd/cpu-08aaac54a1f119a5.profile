# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 4.705 18.82 75.28 282.3 432.8 630.4 799.8 846.8 870.4
dgemm = 2.352 9.409 37.64 141.1 216.4 315.2 399.9 423.4 432.8
cgemm = 4.705 18.82 75.28 282.3 432.8 630.4 799.8 846.8 870.4
zgemm = 2.352 9.409 37.64 141.1 216.4 315.2 399.9 423.4 432.8
