# Tuned by blasroute-tune 0.1.0 on 2026-11-21 15:23 UTC, quick search (seed 1), 161 s.
# Device: NVIDIA H200 (NVIDIA Corporation), platform NVIDIA CUDA, driver 580.159.04.
# [link] from a second run of the same day (15:38 UTC) with the final data path: 4 staging slots of
# 8 MB and spinning copy helpers; the kernels as tuned above.
# [params.d] and the d rows of [rates] from a re-tune of double alone at 17:05 UTC (quick, 51 s,
# 58 candidates): the tensor-core kernel (mma = 1, kernels/gemm_mma.cl) won at 26.6 TFLOP/s
# against 21.0 for the best SIMT kernel of the same search.
[device]
name = NVIDIA H200
vendor = NVIDIA Corporation
match = NVIDIA H200
type = GPU

[link]
h2d_pageable = 9.17
h2d_pinned = 55.1
d2h_pageable = 16
d2h_pinned = 55.1
latency_us = 8.55
host_copy = 78.7
launch_us = 10.4
h2d_staged = 35.4
d2h_staged = 33.1

[rates]
sizes = 32 64 128 256 512 1024 2048 4096 8192
sgemm = 5.199 40.83 272.2 575.8 3177 1.567e+04 4.168e+04 4.682e+04 4.85e+04
ssymm = 2.095 15.3 97.56 570.4 3244 1.56e+04 4.114e+04 4.641e+04 4.641e+04
ssyrk = 0.9958 7.559 47.47 281.5 1507 7723 2.113e+04 4.414e+04 4.414e+04
ssyr2k = 1.088 8.035 49.1 301.5 1675 7921 2.176e+04 4.48e+04 4.48e+04
strmm = 0.8658 5.958 48.92 288.8 1705 7965 2.138e+04 3.702e+04 3.702e+04
strsm = 0.244 1.616 8.35 30.01 206.7 1309 6680 2.238e+04 2.238e+04
dgemm = 5.016 39.2 257.6 558.4 3679 1.395e+04 2.21e+04 2.582e+04 2.781e+04
dsymm = 1.719 13.06 85.32 594.2 3622 1.387e+04 2.225e+04 2.581e+04 2.581e+04
dsyrk = 0.9735 7.47 43.9 311.9 1874 7321 1.977e+04 2.412e+04 2.412e+04
dsyr2k = 1.148 10.16 63.56 392.5 2109 7688 1.992e+04 2.429e+04 2.429e+04
dtrmm = 0.939 7.598 58.66 340 1988 7886 1.755e+04 2.429e+04 2.429e+04
dtrsm = 0.4587 2.429 8.837 60.75 373.4 1843 6845 1.551e+04 1.551e+04
cgemm = 21.42 147.5 954.5 2123 1.161e+04 3.551e+04 4.165e+04 4.363e+04 4.544e+04
csymm = 7.77 52.33 338.4 2159 1.172e+04 3.611e+04 4.164e+04 4.358e+04 4.358e+04
chemm = 7.852 52.37 350.5 2008 1.162e+04 3.611e+04 4.17e+04 4.357e+04 4.357e+04
csyrk = 3.63 23.27 167.3 946.8 5802 1.886e+04 4.003e+04 4.281e+04 4.281e+04
cherk = 3.502 25.35 183.8 1056 5739 1.905e+04 4.013e+04 4.274e+04 4.274e+04
csyr2k = 4.548 34.11 227.9 1253 6669 1.897e+04 4.092e+04 4.303e+04 4.303e+04
cher2k = 4.675 30.4 199.7 1181 6325 1.844e+04 4.088e+04 4.301e+04 4.301e+04
ctrmm = 3.101 22.03 166.3 1009 5639 1.784e+04 3.348e+04 4.13e+04 4.13e+04
ctrsm = 1.592 8.09 29.26 200.3 1197 5808 1.928e+04 3.357e+04 3.357e+04
zgemm = 21.18 160 914.3 1459 7093 1.837e+04 2.138e+04 2.237e+04 2.322e+04
zsymm = 7.521 43.41 259.2 1446 7064 1.852e+04 2.143e+04 2.236e+04 2.236e+04
zhemm = 7.701 42.79 262.5 1443 6408 1.848e+04 2.143e+04 2.236e+04 2.236e+04
zsyrk = 3.59 23.09 129.5 662.4 3422 9284 2.034e+04 2.195e+04 2.195e+04
zherk = 2.907 20.01 116.3 725.5 3599 9215 2.027e+04 2.19e+04 2.19e+04
zsyr2k = 3.52 25.23 142.7 757.9 3697 9480 2.027e+04 2.192e+04 2.192e+04
zher2k = 3.41 25.76 141.3 775.6 3830 9468 2.016e+04 2.188e+04 2.188e+04
ztrmm = 3.338 23.37 139.7 689.3 3444 9934 1.756e+04 2.138e+04 2.138e+04
ztrsm = 0.9886 5.443 20.88 137.4 791.1 3554 1.099e+04 1.821e+04 1.821e+04

[hybrid]
# sgemm 4096: device alone 0.01246 s, best split 0.02637 s at this share
share = 0.995
slowdown = 2.79

[params.s]
mwg = 128
nwg = 128
kwg = 8
mdimc = 16
ndimc = 16
vwm = 4
vwn = 4
sa = 1
sb = 1
kwi = 8
copy_dim_x = 16
copy_dim_y = 8
copy_wpt = 4
transpose_dim = 16
transpose_wpt = 2
direct_dim = 16
direct_max_volume = 2097152
direct_below_side = 16
trsm_block_factor = 2
db = 1
max_registers = 128

[params.d]
mwg = 64
nwg = 64
kwg = 16
mdimc = 8
ndimc = 16
vwm = 2
vwn = 2
sa = 1
sb = 1
kwi = 8
copy_dim_x = 32
copy_dim_y = 8
copy_wpt = 4
transpose_dim = 32
transpose_wpt = 4
direct_dim = 16
direct_max_volume = 2097152
direct_below_side = 16
trsm_block_factor = 2
db = 0
max_registers = 0
mma = 1

[params.c]
mwg = 64
nwg = 64
kwg = 16
mdimc = 16
ndimc = 8
vwm = 1
vwn = 1
sa = 1
sb = 1
kwi = 8
copy_dim_x = 16
copy_dim_y = 8
copy_wpt = 4
transpose_dim = 16
transpose_wpt = 2
direct_dim = 16
direct_max_volume = 2097152
direct_below_side = 16
trsm_block_factor = 2
db = 1
max_registers = 0

[params.z]
mwg = 64
nwg = 64
kwg = 16
mdimc = 8
ndimc = 16
vwm = 1
vwn = 1
sa = 1
sb = 1
kwi = 1
copy_dim_x = 32
copy_dim_y = 8
copy_wpt = 4
transpose_dim = 32
transpose_wpt = 4
direct_dim = 16
direct_max_volume = 2097152
direct_below_side = 16
trsm_block_factor = 2
db = 0
max_registers = 0

[lapack]                       # measured with 16 host cores, pip numpy/SciPy
getrf_min_order = 4096         # H200, 2026-11-26, numpy.linalg.solve in a warm process, best
                               # of 3: 4096 0.35 s against 0.37 on the CPU (its LAPACK), 6144
                               # 0.70 against 0.86 (an H100 before the SkylakeX kernels were
                               # named: slower or even at 4096, 1.8x at 8192)
potrf_min_order = 4096         # potrf: slower at 2048, 1.15x-1.2x at 4096
