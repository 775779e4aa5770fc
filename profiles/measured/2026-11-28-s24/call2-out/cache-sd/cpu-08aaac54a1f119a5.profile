# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 5.475 21.9 87.6 328.5 503.7 733.6 930.7 985.5 1013
dgemm = 5 20 80 300 460 670 850 900 920
cgemm = 5.475 21.9 87.6 328.5 503.7 733.6 930.7 985.5 1013
zgemm = 5 20 80 300 460 670 850 900 920
