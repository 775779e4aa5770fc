#!/bin/bash
# Issue 20, twelfth session: the workload suite on the GPU machine (Done-when 1), this build.
#     bash profiles/measured/2026-11-26-issue20-s12/suite.sh 8192     getrf, geqrf at 8192, best of 2
#     bash profiles/measured/2026-11-26-issue20-s12/suite.sh 16384    getrf, potrf at 16384, one run
#     bash profiles/measured/2026-11-26-issue20-s12/suite.sh sweep    focus.sh sd, then 8192
# Carried: .gpu, .dev. Dry run: DRY=1 OUT=dir (orders 256).
source profiles/measured/gpu-common.sh
dry() { [ "${DRY:-0}" = 1 ] && echo "--device cpu"; }
o8=8192 o16=16384; [ "${DRY:-0}" = 1 ] && o8=256 o16=512
case ${1:-8192} in
  8192)  suite $o8 420 --orders $o8 --repeats 2 --workloads getrf,geqrf $(dry) ;;
  16384) suite $o16 560 --orders $o16 --repeats 1 --workloads getrf,potrf $(dry) ;;
  sweep) bash profiles/measured/2026-11-26-issue20-s12/focus.sh sd > /dev/null 2>&1
         mv $OUT/all.tgz $OUT/sd.tgz; tar xzOf $OUT/sd.tgz modes-sd-summary.txt
         suite $o8 330 --orders $o8 --repeats 2 --workloads getrf,geqrf $(dry) ;;
esac
cat $OUT/suite-*.txt 2>/dev/null
pack
