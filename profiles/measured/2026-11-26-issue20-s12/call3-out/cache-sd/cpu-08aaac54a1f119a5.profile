# blasroute's calibration of the CPU BLAS (GEMM rates, GFLOP/s): rerun by
# deleting this file. A tuned CPU profile (blasroute-tune) takes precedence.
[calibration]
key = cpu=Intel(R) Xeon(R) Processor; blas=/work/main/.gpu/lib/libopenblas.so.0; threads=16
[rates]
sgemm = 0.2403 0.9611 3.844 14.42 22.11 32.2 40.85 43.25 44.45
dgemm = 0.1201 0.4805 1.922 7.208 11.05 16.1 20.42 21.62 22.11
cgemm = 0.2403 0.9611 3.844 14.42 22.11 32.2 40.85 43.25 44.45
zgemm = 0.1201 0.4805 1.922 7.208 11.05 16.1 20.42 21.62 22.11
