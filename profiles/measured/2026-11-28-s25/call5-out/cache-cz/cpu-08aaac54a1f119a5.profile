# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 8.542 34.17 136.7 512.5 785.9 1145 1452 1538 1580
dgemm = 5 20 80 300 460 670 850 900 920
cgemm = 8.542 34.17 136.7 512.5 785.9 1145 1452 1538 1580
zgemm = 5 20 80 300 460 670 850 900 920
