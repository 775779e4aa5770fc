# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.dev/lapack/libblas.so.3; threads=16
[rates]
sgemm = 10 40 160 600 920 1340 1700 1800 1850
dgemm = 10.95 43.79 175.1 656.8 1007 1467 1861 1970 2014
cgemm = 10 40 160 600 920 1340 1700 1800 1850
zgemm = 10.95 43.79 175.1 656.8 1007 1467 1861 1970 2014
