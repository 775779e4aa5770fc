# CPU OpenCL (PoCL): the host's own cores behind OpenCL. Measured with blasroute-bench on a
# 2-core development VM (2026-11-21): always slower than the CPU BLAS on the same cores, so the
# decision keeps calls on the CPU unless BLASROUTE_MODE=device.
[device]
name = CPU OpenCL (PoCL)

type = cpu

[link]
h2d_pageable = 5
h2d_pinned = 5
d2h_pageable = 5
d2h_pinned = 5
latency_us = 20
host_copy = 5
launch_us = 30

[rates]
sizes = 32 64 128 256 512 1024 2048 4096 8192
sgemm = 0.05 0.4 3 12 20 22 22 22 22
dgemm = 0.05 0.3 2 5 8 8 8 8 8
cgemm = 0.1 1 6 15 20 20 20 20 20
zgemm = 0.1 0.8 4 8 9 9 9 9 9

[hybrid]
share = auto                   # the cost model's split until blasroute-tune measures one
