#!/bin/bash
# Session 25, about 9 minutes; carry .dev/bundle (1b20dcd). Issue 20's suite where session 24
# did not re-run it: the reference-LAPACK workloads at 1024 and 2048, syevd, the Netlib stream;
# then potrf and geqrf 4096 again with the suite's `opened` field (does auto open the device in
# its runs?), all with --aa.
source profiles/measured/gpu-common.sh
suite small 330 --orders 1024,2048 --workloads gesv,getrf,potrf,geqrf,syevd --repeats 3 --aa
suite net 60 --workloads netlib --repeats 3 --aa
suite mid 150 --orders 4096 --workloads geqrf,potrf --repeats 4 --aa
pack
