# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 0.1977 0.7909 3.164 11.86 18.19 26.49 33.61 35.59 36.58
dgemm = 3.849 15.4 61.58 230.9 354.1 515.8 654.3 692.8 708.2
cgemm = 0.1977 0.7909 3.164 11.86 18.19 26.49 33.61 35.59 36.58
zgemm = 3.849 15.4 61.58 230.9 354.1 515.8 654.3 692.8 708.2
