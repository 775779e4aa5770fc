# Tuned by blasroute-tune 0.1.0 on 2026-11-26 12:04 UTC, quick search (seed 1), 45 s.
# Device: NVIDIA H100 80GB HBM3 (NVIDIA Corporation), platform NVIDIA CUDA, driver 580.159.04.
[device]
name = NVIDIA H100 80GB HBM3
vendor = NVIDIA Corporation
match = NVIDIA H100 80GB HBM3
type = GPU

[link]
h2d_pageable = 9.26
h2d_pinned = 54.9
d2h_pageable = 15.2
d2h_pinned = 55
latency_us = 8.77
host_copy = 64.6
launch_us = 10.4
h2d_staged = 37.2
d2h_staged = 53.4

[rates]
sizes = 32 64 128 256 512 1024 2048 4096 8192
dgemm = 4.693 29.48 233.5 562.1 3571 1.764e+04 3.179e+04 3.7e+04 3.666e+04
dsymm = 1.737 13.7 94.58 774.2 4419 1.936e+04 3.449e+04 3.821e+04 3.821e+04
dsyrk = 1.231 7.795 60.23 381.8 2094 1.082e+04 2.03e+04 3.651e+04 3.651e+04
dsyr2k = 1.593 14.58 91.33 517.8 2900 1.055e+04 2.114e+04 3.72e+04 3.72e+04
dtrmm = 1.154 8.854 63.64 416.2 2355 1.167e+04 2.342e+04 2.69e+04 2.69e+04
dtrsm = 0.2411 1.521 7.059 15.15 113 806.7 4870 1.753e+04 1.753e+04
zgemm = 14.91 123.6 796.4 1859 1.026e+04 3.398e+04 4.203e+04 4.194e+04 4.328e+04
zsymm = 7.87 57.66 381.3 2387 1.157e+04 3.695e+04 4.374e+04 4.253e+04 4.253e+04
zhemm = 6.966 55.62 340.3 2254 1.155e+04 3.769e+04 4.366e+04 4.282e+04 4.282e+04
zsyrk = 3.79 27.22 184 1042 5766 1.822e+04 4.035e+04 4.28e+04 4.28e+04
zherk = 3.871 28.47 187.4 1057 6093 1.825e+04 4.001e+04 4.288e+04 4.288e+04
zsyr2k = 7.312 41.77 258.1 1392 6830 1.949e+04 4.119e+04 4.248e+04 4.248e+04
zher2k = 6.481 46.04 253.1 1416 6822 1.951e+04 4.107e+04 4.254e+04 4.254e+04
ztrmm = 4.088 29.25 203.4 1163 6142 2.064e+04 3.354e+04 3.857e+04 3.857e+04
ztrsm = 1.104 5.925 21.2 152.3 951.2 4595 1.638e+04 3.143e+04 3.143e+04

[hybrid]
share = auto

[params.d]
mwg = 128
nwg = 64
kwg = 8
mdimc = 16
ndimc = 16
vwm = 2
vwn = 1
sa = 1
sb = 1
kwi = 4
copy_dim_x = 32
copy_dim_y = 8
copy_wpt = 4
transpose_dim = 32
transpose_wpt = 4
direct_dim = 16
direct_max_volume = 2097152
direct_below_side = 16
trsm_block_factor = 2
db = 1
max_registers = 0
mma = 2

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
