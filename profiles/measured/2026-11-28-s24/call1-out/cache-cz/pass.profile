# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 7.922 31.69 126.7 475.3 728.8 1061 1347 1426 1465
dgemm = 5 20 80 300 460 670 850 900 920
cgemm = 7.922 31.69 126.7 475.3 728.8 1061 1347 1426 1465
zgemm = 5 20 80 300 460 670 850 900 920
