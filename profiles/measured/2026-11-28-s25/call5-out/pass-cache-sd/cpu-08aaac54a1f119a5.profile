# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 5.971 23.89 95.54 358.3 549.4 800.2 1015 1075 1105
dgemm = 5 20 80 300 460 670 850 900 920
cgemm = 5.971 23.89 95.54 358.3 549.4 800.2 1015 1075 1105
zgemm = 5 20 80 300 460 670 850 900 920
