# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.dev/lapack/libblas.so.3; threads=16
[rates]
sgemm = 10 40 160 600 920 1340 1700 1800 1850
dgemm = 17.68 70.74 282.9 1061 1627 2370 3006 3183 3254
cgemm = 10 40 160 600 920 1340 1700 1800 1850
zgemm = 17.68 70.74 282.9 1061 1627 2370 3006 3183 3254
