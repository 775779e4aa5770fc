#!/bin/bash
# Session 24, about 3 minutes; carry .dev/bundle (5721248's library). The cells of calls 3 and
# 4 and of session 23 over 1.03 by bests with every auto call on the CPU: numpy 2048 (session
# 23: 1.037 / 1.040), potrf 4096 and geqrf 4096 (call 3), 4 repeats with --aa.
source profiles/measured/gpu-common.sh
suite small 320 --orders 2048 --workloads numpy --repeats 4 --aa
suite mid 240 --orders 4096 --workloads potrf,geqrf --repeats 4 --aa
pack
