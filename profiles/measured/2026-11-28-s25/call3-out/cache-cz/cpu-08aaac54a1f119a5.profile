# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 6.911 27.64 110.6 414.7 635.8 926.1 1175 1244 1279
dgemm = 5 20 80 300 460 670 850 900 920
cgemm = 6.911 27.64 110.6 414.7 635.8 926.1 1175 1244 1279
zgemm = 5 20 80 300 460 670 850 900 920
