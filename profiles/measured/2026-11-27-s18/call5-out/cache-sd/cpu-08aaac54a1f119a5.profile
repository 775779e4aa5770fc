# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 5.899 23.6 94.38 353.9 542.7 790.4 1003 1062 1091
dgemm = 5 20 80 300 460 670 850 900 920
cgemm = 5.899 23.6 94.38 353.9 542.7 790.4 1003 1062 1091
zgemm = 5 20 80 300 460 670 850 900 920
