# Any other OpenCL device: modest, conservative numbers so that only large calls move.
[device]
name = generic OpenCL device (estimates)

[link]
h2d_pageable = 4
h2d_pinned = 8
d2h_pageable = 4
d2h_pinned = 8
latency_us = 20
host_copy = 8
launch_us = 20

[rates]
sizes = 32 64 128 256 512 1024 2048 4096 8192
sgemm = 0.5 4 25 120 400 800 1000 1000 1000
dgemm = 0.2 2 10 50 150 300 400 400 400
cgemm = 2 15 100 400 900 1000 1000 1000 1000
zgemm = 1 6 40 150 300 400 400 400 400

[hybrid]
share = auto                   # the cost model's split until blasroute-tune measures one
