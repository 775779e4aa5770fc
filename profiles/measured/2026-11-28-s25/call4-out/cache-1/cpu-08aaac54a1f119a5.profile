# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 3.843 15.37 61.49 230.6 353.6 515 653.3 691.7 710.9
dgemm = 5 20 80 300 460 670 850 900 920
cgemm = 3.843 15.37 61.49 230.6 353.6 515 653.3 691.7 710.9
zgemm = 5 20 80 300 460 670 850 900 920
