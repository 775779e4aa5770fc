#!/bin/bash
# Issue 20's H200 records still missing on this build with the CPU BLAS on its SkylakeX
# kernels, prepared 2026-11-26 (session 7) as three device calls of about 5 minutes each
# (estimated from session 7's CPU-mode times; each part keeps close.sh's own time limits):
#     bash profiles/measured/2026-11-26-issue20-s7/next.sh A    modes sweep s,d (every routine,
#                                                              64 to 8192 and skinny shapes,
#                                                              best of 3), suite 16384 getrf,potrf
#     bash profiles/measured/2026-11-26-issue20-s7/next.sh B    modes sweep c,z
#     bash profiles/measured/2026-11-26-issue20-s7/next.sh C    suite 16384 gesv,geqrf; numpy 8192
#                                                              cold in auto and device mode with
#                                                              BLASROUTE_VERBOSE (opening's parts
#                                                              and the compile timed since s7)
# Carried: .gpu, .dev/lib, .dev/bin, .dev/lapack (this build).
close=profiles/measured/2026-11-25-issue20-threads/close.sh
part=${1:?A, B or C}
case $part in
  A) bash $close modes-sd; mkdir -p $OUT/a && mv $OUT/*.* $OUT/a/ 2> /dev/null
     tar czf $OUT/modes-sd.tgz -C $OUT a && rm -rf $OUT/a
     bash $close suite-16384a ;;
  B) bash $close modes-cz ;;
  C) bash $close suite-16384b
     source profiles/measured/gpu-common.sh
     export BLASROUTE_VERBOSE=1
     rm -rf /tmp/c-n /tmp/c-nd
     traced numpy-8192 auto-cold auto /tmp/c-n python3 scripts/workload_numpy.py 8192
     traced numpy-8192 device-cold device /tmp/c-nd python3 scripts/workload_numpy.py 8192
     grep -h 'opening the device\|program:' $OUT/numpy-8192/*.err ;;
  *) echo "unknown part $part"; exit 2 ;;
esac
