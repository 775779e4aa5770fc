# Tuned by blasroute-tune 0.1.0 on 2026-11-27 05:30 UTC, quick search (seed 1), 124 s.
# Device: NVIDIA H200 (NVIDIA Corporation), platform NVIDIA CUDA, driver 580.159.04.
[device]
name = NVIDIA H200
vendor = NVIDIA Corporation
match = NVIDIA H200
type = GPU

[link]
h2d_pageable = 5.62
h2d_pinned = 54.3
d2h_pageable = 8.29
d2h_pinned = 54.5
latency_us = 10
host_copy = 56.4
launch_us = 13.6
h2d_staged = 38.5
d2h_staged = 37.7

[rates]
sizes = 32 64 128 256 512 1024 2048 4096 8192
dgemm = 4.394 33.92 224.8 630.7 4035 1.975e+04 3.536e+04 4.045e+04 4.447e+04
dsymm = 1.742 15.61 92 693 4532 2.001e+04 3.817e+04 4.17e+04 4.17e+04
dsyrk = 0.972 7.355 54.39 358.3 2273 1.162e+04 2.129e+04 4.036e+04 4.036e+04
dsyr2k = 1.262 10.47 76.65 489.6 2828 9678 2.228e+04 4.106e+04 4.106e+04
dtrmm = 0.8938 8.633 58.27 398.7 2228 1.276e+04 2.722e+04 3.85e+04 3.85e+04
dtrsm = 0.2307 1.523 7.043 14.81 111.9 813 4938 1.847e+04 1.847e+04
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
share = auto

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
