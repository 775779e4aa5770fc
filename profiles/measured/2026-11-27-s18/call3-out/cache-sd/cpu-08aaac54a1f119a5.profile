# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 5.124 20.5 81.98 307.4 471.4 686.6 871.1 922.3 947.9
dgemm = 5 20 80 300 460 670 850 900 920
cgemm = 5.124 20.5 81.98 307.4 471.4 686.6 871.1 922.3 947.9
zgemm = 5 20 80 300 460 670 850 900 920
