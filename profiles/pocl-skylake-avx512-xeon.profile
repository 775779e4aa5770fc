# Tuned by blasroute-tune 0.1.0 on 2026-11-21 14:16 UTC, quick search (seed 1), 101 s.
# Device: pthread-skylake-avx512-Intel(R) Xeon(R) Processor (GenuineIntel), platform Portable Computing Language, driver 3.1+debian.
[device]
name = pthread-skylake-avx512-Intel(R) Xeon(R) Processor
vendor = GenuineIntel
match = pthread-skylake-avx512-Intel(R) Xeon(R) Processor
type = CPU

[link]
h2d_pageable = 12.1
h2d_pinned = 11.4
d2h_pageable = 11.1
d2h_pinned = 10.1
latency_us = 13.8
host_copy = 16.6
launch_us = 12.4
h2d_staged = 4.46
d2h_staged = 4.14

[rates]
sizes = 32 64 128 256 512 1024 2048 4096 8192
sgemm = 0.5613 1.245 8.431 11.83 28.73 34.52 34.52 34.52 34.52
ssymm = 0.9214 4.884 19.05 38.57 47.98 44.52 44.52 44.52 44.52
ssyrk = 0.5441 3.772 11.37 33.4 32.93 37.53 37.53 37.53 37.53
ssyr2k = 0.848 3.895 13.17 24.42 28.9 26.56 26.56 26.56 26.56
strmm = 0.3646 2.035 5.851 10.26 15.11 21.11 21.11 21.11 21.11
strsm = 0.2453 1.205 3.802 8.379 15.66 19.21 19.21 19.21 19.21
dgemm = 0.8058 2.44 10.9 19.12 21.71 20.45 20.45 20.45 20.45
dsymm = 0.8099 4.798 14.64 21.78 25.35 26.92 26.92 26.92 26.92
dsyrk = 0.3886 2.511 8.997 17.9 22.03 24.5 24.5 24.5 24.5
dsyr2k = 0.5107 2.934 8.533 7.788 19.85 19.21 19.21 19.21 19.21
dtrmm = 0.6285 2.52 6.427 12.78 17.02 19.95 19.95 19.95 19.95
dtrsm = 0.1589 0.9857 3.769 7.91 13.02 17.24 17.24 17.24 17.24
cgemm = 1.82 5.609 10.93 14.25 15.71 16.64 16.64 16.64 16.64
csymm = 1.974 6.731 14.72 16.5 16.94 16.57 16.57 16.57 16.57
chemm = 4.046 10.84 15.22 16.2 16.8 16.92 16.92 16.92 16.92
csyrk = 2.251 6.108 12.2 15.01 14.75 15.38 15.38 15.38 15.38
cherk = 1.647 6.746 12.08 12.32 14 13.31 13.31 13.31 13.31
csyr2k = 1.842 6.146 8.203 10.55 13.3 13.33 13.33 13.33 13.33
cher2k = 1.355 3.447 7.193 12.22 12.33 12.28 12.28 12.28 12.28
ctrmm = 1.034 4.663 8.426 11.18 11.03 13.6 13.6 13.6 13.6
ctrsm = 0.8571 2.535 5.468 8.069 10.49 12.32 12.32 12.32 12.32
zgemm = 3.815 9.359 14.78 14.6 14.26 16.1 16.1 16.1 16.1
zsymm = 2.525 8.383 10.67 12.96 11.8 14.77 14.77 14.77 14.77
zhemm = 2.431 10.68 14.92 15.03 15.89 16.07 16.07 16.07 16.07
zsyrk = 1.216 4.09 9.093 13.23 14.18 14.43 14.43 14.43 14.43
zherk = 1.552 4.915 10.86 11.02 11.31 12.01 12.01 12.01 12.01
zsyr2k = 1.287 5.669 8.235 8.408 9.509 11.17 11.17 11.17 11.17
zher2k = 1.127 4.247 7.121 9.382 9.42 10.74 10.74 10.74 10.74
ztrmm = 0.9194 3.207 7.331 9.441 11.55 13.22 13.22 13.22 13.22
ztrsm = 0.7437 2.742 5.392 7.589 8.534 9.735 9.735 9.735 9.735

[hybrid]
# sgemm 512: device alone 0.008429 s, best split 0.005847 s at this share
share = 0.225
slowdown = 1.08

[params.s]
mwg = 32
nwg = 32
kwg = 16
mdimc = 8
ndimc = 8
vwm = 4
vwn = 4
sa = 1
sb = 1
kwi = 2
copy_dim_x = 16
copy_dim_y = 8
copy_wpt = 4
transpose_dim = 16
transpose_wpt = 2
direct_dim = 8
direct_max_volume = 262144
direct_below_side = 8
trsm_block_factor = 1

[params.d]
mwg = 32
nwg = 64
kwg = 16
mdimc = 8
ndimc = 8
vwm = 4
vwn = 4
sa = 0
sb = 1
kwi = 2
copy_dim_x = 16
copy_dim_y = 8
copy_wpt = 4
transpose_dim = 16
transpose_wpt = 2
direct_dim = 8
direct_max_volume = 262144
direct_below_side = 8
trsm_block_factor = 1

[params.c]
mwg = 16
nwg = 32
kwg = 16
mdimc = 8
ndimc = 8
vwm = 1
vwn = 1
sa = 1
sb = 1
kwi = 2
copy_dim_x = 16
copy_dim_y = 8
copy_wpt = 4
transpose_dim = 16
transpose_wpt = 2
direct_dim = 8
direct_max_volume = 262144
direct_below_side = 8
trsm_block_factor = 1

[params.z]
mwg = 32
nwg = 32
kwg = 16
mdimc = 8
ndimc = 8
vwm = 1
vwn = 1
sa = 1
sb = 1
kwi = 2
copy_dim_x = 16
copy_dim_y = 8
copy_wpt = 4
transpose_dim = 16
transpose_wpt = 2
direct_dim = 8
direct_max_volume = 262144
direct_below_side = 8
trsm_block_factor = 1
