# Intel GPUs, integrated or discrete: conservative estimates (not measured).
[device]
name = Intel GPU (estimates)
vendor = Intel
type = gpu

[link]
h2d_pageable = 8
h2d_pinned = 16
d2h_pageable = 8
d2h_pinned = 16
latency_us = 10
host_copy = 16
launch_us = 10

[rates]
sizes = 32 64 128 256 512 1024 2048 4096 8192
sgemm = 1 8 50 250 800 1500 2000 2200 2200
dgemm = 0.5 4 20 80 200 300 350 400 400
cgemm = 4 30 200 700 1500 2000 2200 2200 2200
zgemm = 2 15 60 150 300 380 400 400 400

[hybrid]
share = auto                   # the cost model's split until blasroute-tune measures one
