# NVIDIA GPUs through NVIDIA's OpenCL driver. Rates and link measured on an H200 on 2026-11-21
# with blasroute-bench and level3-rates (issues 3 and 4, built-in kernel parameters); sizes
# under 1024 are estimates (launch- and latency-bound there).
[device]
name = NVIDIA GPU (H200 measurements)
vendor = NVIDIA
type = gpu

[link]
h2d_pageable = 10
h2d_pinned = 55
d2h_pageable = 19
d2h_pinned = 55
latency_us = 8
host_copy = 40
launch_us = 5

[rates]
sizes = 32 64 128 256 512 1024 2048 4096 8192
sgemm = 5 40 300 1500 5000 12700 36000 40000 39800
dgemm = 5 40 300 1400 4500 12800 14700 15200 17300
cgemm = 20 150 1000 4000 15000 31000 36000 40000 41500
zgemm = 20 150 800 3000 9000 15500 16900 17500 17800
strsm = 1 8 60 300 1500 5000 20000 30000 32700
dtrsm = 1 8 60 300 1300 4500 11000 14000 15400

[hybrid]
share = 0.97
