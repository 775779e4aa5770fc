# Tuned by blasroute-tune 0.1.0 on 2026-11-21 15:23 UTC, quick search (seed 1), 161 s.
# Device: NVIDIA H200 (NVIDIA Corporation), platform NVIDIA CUDA, driver 580.159.04.
# [link] from a second run of the same day (15:38 UTC) with the final data path: 4 staging slots of
# 8 MB and spinning copy helpers; the kernels as tuned above.
# [params.d] and the d rows of [rates] from a re-tune of double alone at 17:05 UTC (quick, 51 s,
# 58 candidates): the tensor-core kernel (mma = 1, kernels/gemm_mma.cl) won at 26.6 TFLOP/s
# against 21.0 for the best SIMT kernel of the same search.
# [params.d], [params.z] and the d and z rows of [rates] from a quick re-tune of double and
# complex double on 2026-11-27 05:30 UTC (124 s; profiles/measured/2026-11-27-issue22-s16):
# Hopper's m16n8k4 (mma = 2) with local tiles padded by 4 doubles won d at 43.0 TFLOP/s
# (kernel, n = 4096) and z on the tensor cores at 46.0, against 27.8 and 23.2 resident before.
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
dgemm = 4.394 33.92 224.8 630.7 4035 1.975e+04 3.536e+04 4.045e+04 4.447e+04
dsymm = 1.742 15.61 92 693 4532 2.001e+04 3.817e+04 4.17e+04 4.17e+04
dsyrk = 0.972 7.355 54.39 358.3 2273 1.162e+04 2.129e+04 4.036e+04 4.036e+04
dsyr2k = 1.262 10.47 76.65 489.6 2828 9678 2.228e+04 4.106e+04 4.106e+04
dtrmm = 0.8938 8.633 58.27 398.7 2228 1.276e+04 2.722e+04 3.85e+04 3.85e+04
dtrsm = 0.2307 1.523 7.043 14.81 111.9 813 4938 1.847e+04 1.847e+04
cgemm = 21.42 147.5 954.5 2123 1.161e+04 3.551e+04 4.165e+04 4.363e+04 4.544e+04
csymm = 7.77 52.33 338.4 2159 1.172e+04 3.611e+04 4.164e+04 4.358e+04 4.358e+04
chemm = 7.852 52.37 350.5 2008 1.162e+04 3.611e+04 4.17e+04 4.357e+04 4.357e+04
csyrk = 3.63 23.27 167.3 946.8 5802 1.886e+04 4.003e+04 4.281e+04 4.281e+04
cherk = 3.502 25.35 183.8 1056 5739 1.905e+04 4.013e+04 4.274e+04 4.274e+04
csyr2k = 4.548 34.11 227.9 1253 6669 1.897e+04 4.092e+04 4.303e+04 4.303e+04
cher2k = 4.675 30.4 199.7 1181 6325 1.844e+04 4.088e+04 4.301e+04 4.301e+04
ctrmm = 3.101 22.03 166.3 1009 5639 1.784e+04 3.348e+04 4.13e+04 4.13e+04
ctrsm = 1.592 8.09 29.26 200.3 1197 5808 1.928e+04 3.357e+04 3.357e+04
zgemm = 17.94 136.6 801.7 2028 1.068e+04 3.508e+04 4.349e+04 4.421e+04 4.521e+04
zsymm = 6.465 46.7 313.8 2060 1.118e+04 3.687e+04 4.475e+04 4.474e+04 4.474e+04
zhemm = 7.33 55.5 380.3 2288 1.053e+04 3.783e+04 4.547e+04 4.525e+04 4.525e+04
zsyrk = 4.298 29.4 190.5 1114 5828 1.855e+04 4.212e+04 4.545e+04 4.545e+04
zherk = 3.582 28.58 191.3 1107 6054 1.876e+04 4.16e+04 4.571e+04 4.571e+04
zsyr2k = 5.915 44.14 253.3 1375 6667 1.997e+04 4.312e+04 4.491e+04 4.491e+04
zher2k = 6.364 39.09 267.2 1376 6621 1.969e+04 4.278e+04 4.455e+04 4.455e+04
ztrmm = 4.769 28.02 182.8 1156 5945 2.145e+04 3.444e+04 4.147e+04 4.147e+04
ztrsm = 1.067 5.692 20.72 148.8 947.1 4614 1.666e+04 3.276e+04 3.276e+04

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
# 16: each warp on 16 x 2 work-items, the grid's own order, but with the work-item's place
# computed from its flat local id, which NVIDIA's compiler turns into faster code: SGEMM 8192
# resident 49.2 to 49.4 TFLOP/s (kernel 50.2) against 48.3 with 0; 8 (8 x 4 blocks) 49.2, 4
# 48.6; cuBLAS 50.2 to 50.7 in the same runs (2026-11-27, profiles/measured/2026-11-27-s18).
warp_m = 16

[params.d]
mwg = 64
nwg = 128
kwg = 8
mdimc = 16
ndimc = 16
vwm = 1
vwn = 2
sa = 1
sb = 1
kwi = 4
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
mma = 2

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
kwi = 4
copy_dim_x = 16
copy_dim_y = 16
copy_wpt = 4
transpose_dim = 32
transpose_wpt = 2
direct_dim = 16
direct_max_volume = 2097152
direct_below_side = 16
trsm_block_factor = 2
db = 0
max_registers = 0
mma = 2

[lapack]                       # measured with 16 host cores, pip numpy/SciPy
getrf_min_order = 4096         # H200, 2026-11-26, numpy.linalg.solve in a warm process, best
                               # of 3: 4096 0.35 s against 0.37 on the CPU (its LAPACK), 6144
                               # 0.70 against 0.86 (an H100 before the SkylakeX kernels were
                               # named: slower or even at 4096, 1.8x at 8192)
potrf_min_order = 4096         # potrf: slower at 2048, 1.15x-1.2x at 4096
