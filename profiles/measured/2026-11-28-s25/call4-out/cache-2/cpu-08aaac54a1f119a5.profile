# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 7 28 112 420 644 938 1190 1260 1295
dgemm = 5 20 80 300 460 670 850 900 920
cgemm = 7 28 112 420 644 938 1190 1260 1295
zgemm = 5 20 80 300 460 670 850 900 920
