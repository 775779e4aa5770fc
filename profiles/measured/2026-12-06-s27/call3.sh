#!/bin/bash
# Session 27, about 9 minutes; carry .dev/bundle. The suite at 16384 (the largest
# order), one repeat each, --aa: dpotrf, dgetrf, dgesv, in that order, as far as the call's
# limit goes (each row is written when done).
source profiles/measured/gpu-common.sh
suite huge 500 --orders 16384 --workloads potrf,getrf,gesv --repeats 1 --aa
pack
