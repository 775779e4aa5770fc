# Tuned by blasroute-tune 0.1.0 on 2026-11-21 14:00 UTC, quick search (seed 1), 154 s.
# Device: NVIDIA H200 (NVIDIA Corporation), platform NVIDIA CUDA, driver 580.159.04.
[device]
name = NVIDIA H200
vendor = NVIDIA Corporation
match = NVIDIA H200
type = GPU

[link]
h2d_pageable = 9.37
h2d_pinned = 55.1
d2h_pageable = 17.6
d2h_pinned = 55.2
latency_us = 8.03
host_copy = 49.7
launch_us = 10.2
h2d_staged = 42.9
d2h_staged = 43

[rates]
sizes = 32 64 128 256 512 1024 2048 4096 8192
sgemm = 5.89 41.09 283.5 609.7 3256 1.579e+04 4.121e+04 4.573e+04 4.723e+04
ssymm = 2.2 15.78 99.48 609.7 3326 1.614e+04 4.104e+04 4.546e+04 4.546e+04
ssyrk = 1.046 7.969 49.14 294.8 1579 7949 2.067e+04 4.308e+04 4.308e+04
ssyr2k = 1.346 10.43 61.31 353.6 1845 8642 2.061e+04 4.295e+04 4.295e+04
strmm = 1.095 8.112 53.51 310.2 1717 8329 2.134e+04 3.764e+04 3.764e+04
strsm = 0.2506 1.675 8.562 30.49 209.6 1340 6872 2.303e+04 2.303e+04
dgemm = 5.093 37.17 259.7 547.7 2919 1.33e+04 1.901e+04 2.061e+04 2.15e+04
dsymm = 2.06 14.52 94.47 578.3 2764 1.341e+04 1.894e+04 2.066e+04 2.066e+04
dsyrk = 1.096 6.707 43.14 269.7 1444 6731 1.192e+04 1.805e+04 1.805e+04
dsyr2k = 1.388 8.701 54.37 310.5 1635 6356 1.193e+04 1.805e+04 1.805e+04
dtrmm = 1.07 7.869 50.54 305.2 1561 7241 1.283e+04 1.775e+04 1.775e+04
dtrsm = 0.4236 2.333 8.73 58.38 343.5 1641 5948 1.331e+04 1.331e+04
cgemm = 22.77 158.2 986 2096 1.116e+04 3.356e+04 4.172e+04 4.484e+04 4.625e+04
csymm = 8.466 52.53 349.6 2070 1.118e+04 3.425e+04 4.261e+04 4.496e+04 4.496e+04
chemm = 7.938 53.55 340.8 2056 1.126e+04 3.425e+04 4.248e+04 4.495e+04 4.495e+04
csyrk = 3.776 25.63 164.2 1074 5547 1.779e+04 3.266e+04 4.165e+04 4.165e+04
cherk = 4.128 27.88 177.2 1053 5560 1.792e+04 3.27e+04 4.149e+04 4.149e+04
csyr2k = 5.887 37.51 231.1 1255 6288 1.822e+04 3.316e+04 4.169e+04 4.169e+04
cher2k = 5.617 37.14 237.5 1280 6420 1.812e+04 3.317e+04 4.163e+04 4.163e+04
ctrmm = 3.998 30.75 200.4 1139 5999 1.881e+04 3.327e+04 4.138e+04 4.138e+04
ctrsm = 1.707 8.519 30.26 202 1194 5652 1.746e+04 3.221e+04 3.221e+04
zgemm = 19.66 154.9 898.3 1566 7493 1.814e+04 2.056e+04 2.128e+04 2.183e+04
zsymm = 7.285 47.04 288.2 1540 7501 1.833e+04 2.056e+04 2.127e+04 2.127e+04
zhemm = 7.359 48.68 288.6 1557 7655 1.839e+04 2.06e+04 2.129e+04 2.129e+04
zsyrk = 3.602 23.38 144.8 806.1 3850 8962 1.946e+04 2.093e+04 2.093e+04
zherk = 3.564 24.31 150.6 808.1 3833 8934 1.949e+04 2.094e+04 2.094e+04
zsyr2k = 4.973 32.57 177.8 856.9 4034 9055 1.95e+04 2.089e+04 2.089e+04
zher2k = 5.01 31.53 175.3 860.7 4032 9068 1.948e+04 2.09e+04 2.09e+04
ztrmm = 3.76 25.6 155.5 818.2 3752 9545 1.679e+04 2.012e+04 2.012e+04
ztrsm = 0.996 5.448 21.26 139.6 805 3772 1.132e+04 1.797e+04 1.797e+04

[hybrid]
# sgemm 4096: device alone 0.01106 s, best split 0.0206 s at this share
share = 0.995
slowdown = 3.07

[params.s]
mwg = 128
nwg = 128
kwg = 32
mdimc = 16
ndimc = 16
vwm = 4
vwn = 4
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

[params.d]
mwg = 64
nwg = 64
kwg = 16
mdimc = 8
ndimc = 8
vwm = 2
vwn = 2
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

[params.c]
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
copy_dim_y = 8
copy_wpt = 4
transpose_dim = 16
transpose_wpt = 2
direct_dim = 16
direct_max_volume = 2097152
direct_below_side = 16
trsm_block_factor = 2

[params.z]
mwg = 64
nwg = 64
kwg = 16
mdimc = 16
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
