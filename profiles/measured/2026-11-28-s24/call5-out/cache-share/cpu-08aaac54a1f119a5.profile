# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 5.179 20.72 82.86 310.7 476.5 694 880.4 932.2 958.1
dgemm = 5 20 80 300 460 670 850 900 920
cgemm = 5.179 20.72 82.86 310.7 476.5 694 880.4 932.2 958.1
zgemm = 5 20 80 300 460 670 850 900 920
