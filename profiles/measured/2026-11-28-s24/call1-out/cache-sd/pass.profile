# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 4.433 17.73 70.93 266 407.8 594 753.6 797.9 820.1
dgemm = 5 20 80 300 460 670 850 900 920
cgemm = 4.433 17.73 70.93 266 407.8 594 753.6 797.9 820.1
zgemm = 5 20 80 300 460 670 850 900 920
