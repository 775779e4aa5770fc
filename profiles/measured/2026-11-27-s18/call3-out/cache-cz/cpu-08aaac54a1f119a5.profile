# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 7.721 30.88 123.5 463.3 710.3 1035 1313 1390 1428
dgemm = 5 20 80 300 460 670 850 900 920
cgemm = 7.721 30.88 123.5 463.3 710.3 1035 1313 1390 1428
zgemm = 5 20 80 300 460 670 850 900 920
