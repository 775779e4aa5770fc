#!/bin/bash
# Session 24, about 9 minutes; carry .dev/bundle (the build of call 2: a CPU call of the last
# device call's kind gets the CPU BLAS's threads back; bounds that would not lower a learned
# cell are not taken; from a cell's second sample the model weighs a quarter of a sample). The
# suite at 4096 and 8192 for the reference-LAPACK factorizations with --aa, as session 23's
# call 3 (aa-numpy.sh) ran them, gesv first this time (the time limit cut it there).
source profiles/measured/gpu-common.sh
suite big 560 --orders 4096,8192 --workloads gesv,getrf,potrf,geqrf --repeats 3 --aa
pack
