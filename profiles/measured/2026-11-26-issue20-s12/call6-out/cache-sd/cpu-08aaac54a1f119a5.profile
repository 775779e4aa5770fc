# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 8.722 34.89 139.6 523.3 802.4 1169 1483 1570 1614
dgemm = 4.361 17.44 69.78 261.7 401.2 584.4 741.4 785 802.4
cgemm = 8.722 34.89 139.6 523.3 802.4 1169 1483 1570 1614
zgemm = 4.361 17.44 69.78 261.7 401.2 584.4 741.4 785 802.4
