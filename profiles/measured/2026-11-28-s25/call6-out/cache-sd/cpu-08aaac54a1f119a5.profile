# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 5.638 22.55 90.21 338.3 518.7 755.5 958.5 1015 1043
dgemm = 5 20 80 300 460 670 850 900 920
cgemm = 5.638 22.55 90.21 338.3 518.7 755.5 958.5 1015 1043
zgemm = 5 20 80 300 460 670 850 900 920
