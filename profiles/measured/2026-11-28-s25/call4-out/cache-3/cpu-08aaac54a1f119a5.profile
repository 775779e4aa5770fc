# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 4.677 18.71 74.83 280.6 430.3 626.7 795.1 841.8 865.2
dgemm = 5 20 80 300 460 670 850 900 920
cgemm = 4.677 18.71 74.83 280.6 430.3 626.7 795.1 841.8 865.2
zgemm = 5 20 80 300 460 670 850 900 920
