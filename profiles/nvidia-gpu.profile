# NVIDIA GPUs through NVIDIA's OpenCL driver. Rates and link measured on an H200 on 2026-11-21
# with blasroute-bench (resident copy+GEMM, built-in kernel parameters: sgemm and dgemm over the
# whole grid; cgemm and zgemm from 1024 up, estimated below; strsm and dtrsm from 4096 up,
# estimated below).
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
sgemm = 5.1 41.7 285 544 2934 13860 35328 38786 39845
dgemm = 5.9 39.8 273 652 3369 11934 15996 16658 17221
cgemm = 20 150 1000 4000 15000 31000 36000 40000 41500
zgemm = 20 150 800 3000 9000 15500 16900 17500 17800
strsm = 1 8 60 200 1000 4000 15000 30000 32700
dtrsm = 1 8 60 200 1000 4000 10000 14000 15400

[hybrid]
share = auto                   # the cost model's split until blasroute-tune measures one

[lapack]                       # measured on an H100 with 16 host cores, pip numpy/SciPy
getrf_min_order = 6144         # getrf: slower or even at 4096, 1.8x at 8192
potrf_min_order = 4096         # potrf: slower at 2048, 1.15x-1.2x at 4096
