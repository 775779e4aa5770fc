#!/bin/bash
# Session 25, about 3 minutes; carry .dev/bundle (3d56412). The reference-LAPACK streams at
# 8192 once each with --aa, where auto's device products alternate with CPU calls (the
# stream's spin that learning takes as their cost): that the spin now counted per CPU call
# (BR_LEARN_BESIDE_SAME_SPIN) leaves them as they were (session 24: geqrf 0.911 / 0.975,
# getrf 0.981 / 0.981, potrf 0.834 / 0.784).
source profiles/measured/gpu-common.sh
suite big 300 --orders 8192 --workloads potrf,geqrf,getrf --repeats 1 --aa
pack
