# Tuned by blasroute-tune 0.1.0 on 2026-11-21 13:05 UTC, quick search (seed 1), 147 s.
# Device: NVIDIA H200 (NVIDIA Corporation), platform NVIDIA CUDA, driver 580.159.04.
[device]
name = NVIDIA H200
vendor = NVIDIA Corporation
match = NVIDIA H200
type = GPU

[link]
h2d_pageable = 13.4
h2d_pinned = 55.2
d2h_pageable = 18.6
d2h_pinned = 55.2
latency_us = 7.77
host_copy = 108
launch_us = 9.79

[rates]
sizes = 32 64 128 256 512 1024 2048 4096 8192
sgemm = 5.48 41.08 288.6 526.7 3264 1.6e+04 4.05e+04 4.529e+04 4.718e+04
ssymm = 2.055 15.58 100.7 590.8 3314 1.606e+04 4.077e+04 4.532e+04 4.532e+04
ssyrk = 1.08 7.725 47.86 301.7 1602 8000 2.058e+04 4.291e+04 4.291e+04
ssyr2k = 1.581 10.57 62.94 357 1820 8745 2.107e+04 4.33e+04 4.33e+04
strmm = 0.8465 6.782 48.08 292.9 1619 8247 2.127e+04 3.714e+04 3.714e+04
strsm = 0.2514 1.673 8.598 30.43 210.2 1333 6815 2.265e+04 2.265e+04
dgemm = 4.553 32.76 231.4 519.7 2968 1.293e+04 1.875e+04 2.062e+04 2.16e+04
dsymm = 1.975 15.45 99.17 586.8 3067 1.356e+04 1.913e+04 2.067e+04 2.067e+04
dsyrk = 0.7908 5.535 36.56 233.7 1327 6433 1.184e+04 1.814e+04 1.814e+04
dsyr2k = 1.534 9.511 57.32 321.3 1681 6345 1.205e+04 1.815e+04 1.815e+04
dtrmm = 1.145 7.835 52.65 303.1 1610 7396 1.282e+04 1.801e+04 1.801e+04
dtrsm = 0.4035 2.183 8.62 58.13 336.9 1608 5957 1.351e+04 1.351e+04
cgemm = 19.48 154.8 995.7 2100 1.097e+04 3.428e+04 4.266e+04 4.499e+04 4.629e+04
csymm = 8.854 52.73 362.4 2075 1.121e+04 3.443e+04 4.242e+04 4.481e+04 4.481e+04
chemm = 8.648 53.43 360.2 2077 1.12e+04 3.452e+04 4.25e+04 4.494e+04 4.494e+04
csyrk = 4.439 29.43 184.9 1052 5750 1.776e+04 3.281e+04 4.164e+04 4.164e+04
cherk = 4.096 29.64 181.8 1029 5723 1.781e+04 3.278e+04 4.157e+04 4.157e+04
csyr2k = 6.23 40.87 240.1 1300 6465 1.827e+04 3.318e+04 4.344e+04 4.344e+04
cher2k = 5.597 37.84 232.5 1243 6329 1.826e+04 3.331e+04 4.344e+04 4.344e+04
ctrmm = 4.123 30.96 198.1 1126 6033 1.853e+04 3.414e+04 4.196e+04 4.196e+04
ctrsm = 1.744 8.637 30.33 203.4 1191 5675 1.758e+04 3.237e+04 3.237e+04
zgemm = 20.3 154.5 945.1 1559 7425 1.819e+04 2.058e+04 2.13e+04 2.194e+04
zsymm = 7.402 45.19 302.7 1576 7605 1.844e+04 2.062e+04 2.134e+04 2.134e+04
zhemm = 7.966 51.34 313.2 1536 7680 1.84e+04 2.061e+04 2.133e+04 2.133e+04
zsyrk = 3.671 25.44 154.9 787.6 3753 9009 1.958e+04 2.099e+04 2.099e+04
zherk = 3.975 23.55 153.5 764.9 3796 9007 1.955e+04 2.1e+04 2.1e+04
zsyr2k = 5.733 30.68 184.9 891.6 4038 9138 1.947e+04 2.093e+04 2.093e+04
zher2k = 5.562 30.08 177.1 877.7 4071 9132 1.952e+04 2.093e+04 2.093e+04
ztrmm = 3.742 26.11 155.9 806.3 3805 9567 1.718e+04 2.008e+04 2.008e+04
ztrsm = 1.023 5.551 21.22 142 828.5 3823 1.139e+04 1.802e+04 1.802e+04

[hybrid]
# sgemm 4096: device alone 0.0101 s, best split 0.01704 s at this share
share = 0.995
slowdown = 3.20

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
copy_dim_y = 4
copy_wpt = 8
transpose_dim = 32
transpose_wpt = 8
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
copy_dim_x = 32
copy_dim_y = 8
copy_wpt = 4
transpose_dim = 32
transpose_wpt = 4
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
copy_dim_x = 32
copy_dim_y = 8
copy_wpt = 4
transpose_dim = 32
transpose_wpt = 4
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
copy_dim_x = 16
copy_dim_y = 16
copy_wpt = 2
transpose_dim = 16
transpose_wpt = 1
direct_dim = 16
direct_max_volume = 2097152
direct_below_side = 16
trsm_block_factor = 2
