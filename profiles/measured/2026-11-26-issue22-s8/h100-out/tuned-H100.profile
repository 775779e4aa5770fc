# Tuned by blasroute-tune 0.1.0 on 2026-11-26 12:00 UTC, quick search (seed 1), 139 s.
# Device: NVIDIA H100 80GB HBM3 (NVIDIA Corporation), platform NVIDIA CUDA, driver 580.159.04.
[device]
name = NVIDIA H100 80GB HBM3
vendor = NVIDIA Corporation
match = NVIDIA H100 80GB HBM3
type = GPU

[link]
h2d_pageable = 8.95
h2d_pinned = 54.8
d2h_pageable = 14.9
d2h_pinned = 55
latency_us = 8.59
host_copy = 53.7
launch_us = 10.6
h2d_staged = 32.6
d2h_staged = 53.1

[rates]
sizes = 32 64 128 256 512 1024 2048 4096 8192
dgemm = 5.46 36.19 252.1 520.4 3357 1.616e+04 3.248e+04 3.754e+04 3.922e+04
dsymm = 1.964 13.14 91.5 643.4 3792 1.613e+04 3.436e+04 3.903e+04 3.903e+04
dsyrk = 1.009 6.456 47.61 316.2 1916 9857 1.843e+04 3.679e+04 3.679e+04
dsyr2k = 1.411 9.846 66.99 396.4 2385 8844 1.912e+04 3.773e+04 3.773e+04
dtrmm = 1.206 9.005 64.01 410.6 2299 1.126e+04 2.52e+04 3.299e+04 3.299e+04
dtrsm = 0.2284 1.446 6.91 15.13 109.5 763.2 4508 1.621e+04 1.621e+04
zgemm = 16.55 123 836.8 1781 1.017e+04 3.42e+04 4.214e+04 4.185e+04 4.322e+04
zsymm = 7.294 49.7 320.2 2139 1.135e+04 3.668e+04 4.37e+04 4.27e+04 4.27e+04
zhemm = 6.855 50.68 353.7 2085 1.099e+04 3.658e+04 4.39e+04 4.28e+04 4.28e+04
zsyrk = 3.375 26.58 169.3 1062 5516 1.805e+04 4.035e+04 4.292e+04 4.292e+04
zherk = 3.631 25.93 174.7 1050 5778 1.795e+04 4.073e+04 4.294e+04 4.294e+04
zsyr2k = 5.728 37.35 235.2 1363 6609 1.926e+04 4.077e+04 4.26e+04 4.26e+04
zher2k = 5.391 34.64 218.5 1300 6432 1.903e+04 4.153e+04 4.244e+04 4.244e+04
ztrmm = 3.627 27.36 183.4 1175 6073 2.05e+04 3.255e+04 3.837e+04 3.837e+04
ztrsm = 1.106 5.906 21.2 149.1 925.9 4551 1.616e+04 3.14e+04 3.14e+04

[hybrid]
share = auto

[params.d]
mwg = 64
nwg = 128
kwg = 8
mdimc = 8
ndimc = 16
vwm = 1
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
db = 0
max_registers = 0
mma = 2
