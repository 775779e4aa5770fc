#!/bin/bash
# Session 27, about 7 minutes; carry .dev/bundle (the build after e65d25b: the program's memo
# left unread where no GPU is listed and no device memo exists; no change where one is). The
# numpy script at 1024 and 4096 (pip numpy on the GPU machine), 2 repeats, --aa: session 26's
# 4096 did not finish in its call.
source profiles/measured/gpu-common.sh
suite numpy 400 --orders 1024,4096 --workloads numpy --repeats 2 --aa
pack
