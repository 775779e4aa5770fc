# Tuned by blasroute-tune 0.1.0 on 2026-11-27 05:37 UTC, quick search (seed 1), 164 s, on an
# NVIDIA H100 80GB HBM3 (SXM; lent as nvidia-h100-x1, driver 580.159.04, 16 host cores), build
# 42234ec; profiles/measured/2026-11-27-issue22-s16 (call 3) has the run. It matches every
# H100 ("NVIDIA H100" in the device's name: PCIe and NVL too): their kernels want the same
# tiles, and where its link or clocks differ, the measured calls correct the predictions
# (BLASROUTE_LEARN). [params.d]'s work-items are 16 x 16, not the 8 x 16 the tune chose at
# n = 4096: at 8192 they ran DGEMM 43.5 TFLOP/s against 40.4 (call 5 of the same record).
[device]
name = NVIDIA H100 80GB HBM3
vendor = NVIDIA Corporation
match = NVIDIA H100
type = GPU

[link]
h2d_pageable = 8.78
h2d_pinned = 54.8
d2h_pageable = 13.4
d2h_pinned = 55
latency_us = 8.72
host_copy = 62.3
launch_us = 11.3
h2d_staged = 46.1
d2h_staged = 42.3

[rates]
sizes = 32 64 128 256 512 1024 2048 4096 8192
sgemm = 4.511 33.04 241.5 466.7 2878 1.458e+04 3.933e+04 4.561e+04 4.819e+04
ssymm = 2.078 18.26 85.38 601.8 3414 1.624e+04 4.241e+04 4.708e+04 4.708e+04
ssyrk = 0.9142 8.324 51.13 315.6 1656 8524 2.178e+04 4.604e+04 4.604e+04
ssyr2k = 1.561 10.78 67.37 381.1 2010 8608 2.232e+04 4.618e+04 4.618e+04
strmm = 1.111 9.327 57.25 335.5 1737 8970 2.301e+04 3.899e+04 3.899e+04
strsm = 0.2549 1.68 8.655 28.87 210.5 1331 6695 2.203e+04 2.203e+04
dgemm = 4.647 34.6 222.9 524.3 3480 1.6e+04 3.155e+04 3.797e+04 4.024e+04
dsymm = 1.904 11.9 97.42 669.2 3876 1.669e+04 3.434e+04 3.955e+04 3.955e+04
dsyrk = 1.197 7.963 53.56 352.6 2017 9975 1.882e+04 3.738e+04 3.738e+04
dsyr2k = 1.716 11.35 77.91 494.9 2558 9085 1.944e+04 3.92e+04 3.92e+04
dtrmm = 0.8539 6.973 60.13 387 2283 1.074e+04 2.518e+04 3.426e+04 3.426e+04
dtrsm = 0.2269 1.426 6.85 15.03 109.2 778.4 4542 1.632e+04 1.632e+04
cgemm = 17.7 125.2 840.5 2046 1.128e+04 3.345e+04 3.996e+04 4.196e+04 4.365e+04
csymm = 8.791 66.46 390 2570 1.329e+04 3.634e+04 4.1e+04 4.248e+04 4.248e+04
chemm = 9.651 66.98 443.2 2534 1.22e+04 3.579e+04 4.124e+04 4.247e+04 4.247e+04
csyrk = 5.145 35.97 227.3 1305 6636 1.835e+04 3.999e+04 4.205e+04 4.205e+04
cherk = 5.128 34.02 219.9 1286 6579 1.84e+04 3.997e+04 4.197e+04 4.197e+04
csyr2k = 8.044 47.66 281.8 1579 7287 1.887e+04 3.974e+04 4.188e+04 4.188e+04
cher2k = 6.771 47.55 290.9 1495 7453 1.906e+04 4.031e+04 4.203e+04 4.203e+04
ctrmm = 4.489 38.71 206.3 1383 6967 1.919e+04 3.264e+04 4.025e+04 4.025e+04
ctrsm = 1.616 8.449 29.48 207.7 1265 6365 2.067e+04 3.448e+04 3.448e+04
zgemm = 18.23 132.6 828 1879 9948 3.289e+04 4.258e+04 4.315e+04 4.453e+04
zsymm = 7.915 52.37 378.5 2182 1.143e+04 3.747e+04 4.478e+04 4.361e+04 4.361e+04
zhemm = 6.655 56.35 359.3 2070 1.166e+04 3.742e+04 4.449e+04 4.352e+04 4.352e+04
zsyrk = 4.403 28.56 195.9 1146 6097 1.862e+04 4.167e+04 4.433e+04 4.433e+04
zherk = 3.58 30.51 204.4 1181 5885 1.876e+04 4.118e+04 4.412e+04 4.412e+04
zsyr2k = 6.222 42.56 257.9 1387 6611 1.966e+04 4.27e+04 4.379e+04 4.379e+04
zher2k = 5.572 42.98 248.2 1347 6755 1.983e+04 4.237e+04 4.382e+04 4.382e+04
ztrmm = 4.483 32.84 230.7 1223 6272 2.176e+04 3.34e+04 3.951e+04 3.951e+04
ztrsm = 1.08 5.725 21.24 149.8 942.4 4554 1.623e+04 3.2e+04 3.2e+04

[hybrid]
# sgemm 4096: device alone 0.008574 s, best split 0.009799 s at this share
share = 0.995
slowdown = 1.00

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
max_registers = 0
# 16: each warp on 16 x 2 work-items, the grid's own order, but with the work-item's place
# computed from its flat local id, which NVIDIA's compiler turns into faster code: SGEMM 8192
# resident 49.1 TFLOP/s (kernel 50.2) against 48.1 and 48.2 with 0; 8 (8 x 4 blocks) 49.0;
# cuBLAS 50.6 and 50.7 in the same run (2026-11-27, profiles/measured/2026-11-27-s18, call 4).
warp_m = 16
mma = 0

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
ndimc = 16
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
mma = 0

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
copy_dim_x = 16
copy_dim_y = 16
copy_wpt = 2
transpose_dim = 16
transpose_wpt = 1
direct_dim = 16
direct_max_volume = 2097152
direct_below_side = 16
trsm_block_factor = 2
db = 0
max_registers = 0
mma = 2
