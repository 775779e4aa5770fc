# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 2.521 10.08 40.33 151.2 231.9 337.8 428.5 453.7 466.3
dgemm = 1.26 5.041 20.17 75.62 115.9 168.9 214.3 226.9 231.9
cgemm = 2.521 10.08 40.33 151.2 231.9 337.8 428.5 453.7 466.3
zgemm = 1.26 5.041 20.17 75.62 115.9 168.9 214.3 226.9 231.9
