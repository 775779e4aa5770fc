# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 8.844 35.38 141.5 530.7 813.7 1185 1504 1592 1636
dgemm = 5 20 80 300 460 670 850 900 920
cgemm = 8.844 35.38 141.5 530.7 813.7 1185 1504 1592 1636
zgemm = 5 20 80 300 460 670 850 900 920
