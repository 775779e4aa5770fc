# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 4.723 18.89 75.57 283.4 434.5 632.9 802.9 850.2 873.8
dgemm = 2.362 9.446 37.79 141.7 217.3 316.4 401.5 425.1 434.5
cgemm = 4.723 18.89 75.57 283.4 434.5 632.9 802.9 850.2 873.8
zgemm = 2.362 9.446 37.79 141.7 217.3 316.4 401.5 425.1 434.5
