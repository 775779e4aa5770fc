# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 5.686 22.74 90.98 341.2 523.1 761.9 966.6 1023 1052
dgemm = 5 20 80 300 460 670 850 900 920
cgemm = 5.686 22.74 90.98 341.2 523.1 761.9 966.6 1023 1052
zgemm = 5 20 80 300 460 670 850 900 920
