# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 9.378 37.51 150 562.7 862.8 1257 1594 1688 1735
dgemm = 5 20 80 300 460 670 850 900 920
cgemm = 9.378 37.51 150 562.7 862.8 1257 1594 1688 1735
zgemm = 5 20 80 300 460 670 850 900 920
