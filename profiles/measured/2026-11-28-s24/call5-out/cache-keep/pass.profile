# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 4.56 18.24 72.96 273.6 419.5 611.1 775.2 820.8 843.6
dgemm = 5 20 80 300 460 670 850 900 920
cgemm = 4.56 18.24 72.96 273.6 419.5 611.1 775.2 820.8 843.6
zgemm = 5 20 80 300 460 670 850 900 920
