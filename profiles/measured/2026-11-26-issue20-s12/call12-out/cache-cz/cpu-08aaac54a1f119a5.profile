# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 34.46 137.8 92.2 375.9 607.3 884.6 1122 1188 1221
dgemm = 16.39 65.57 86.02 239.5 336.9 490.7 622.6 659.2 673.8
cgemm = 34.46 137.8 92.2 375.9 607.3 884.6 1122 1188 1221
zgemm = 16.39 65.57 86.02 239.5 336.9 490.7 622.6 659.2 673.8
