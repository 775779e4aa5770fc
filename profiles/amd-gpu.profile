# AMD GPUs: conservative estimates for a recent discrete GPU (not measured; blasroute-tune
# writes a measured profile).
[device]
name = AMD GPU (estimates)
vendor = Advanced Micro Devices
type = gpu

[link]
h2d_pageable = 8
h2d_pinned = 24
d2h_pageable = 8
d2h_pinned = 24
latency_us = 10
host_copy = 20
launch_us = 8

[rates]
sizes = 32 64 128 256 512 1024 2048 4096 8192
sgemm = 2 15 100 600 2500 7000 12000 15000 16000
dgemm = 2 10 80 400 1500 3500 5500 6500 7000
cgemm = 8 60 400 2000 7000 12000 15000 16000 16500
zgemm = 8 40 300 1200 3000 5500 6500 7000 7000

[hybrid]
share = auto                   # the cost model's split until blasroute-tune measures one
