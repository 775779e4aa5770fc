#!/bin/bash
# Issue 20's next device calls (prepared 2026-11-26, session 9; not yet run), one part a call:
#     bash profiles/measured/2026-11-26-issue20-s9/next.sh PART
# PART: sweep-sd     modes.sh over every routine in s, then d (--rounds 3; about 7.5 minutes)
#       sweep-cz-1   c, z: gemm, symm, hemm          (each cz part about 9 minutes; the CPU's
#       sweep-cz-2   c, z: syrk, herk                 zgemm 8192 takes 6 s a call)
#       sweep-cz-3   c, z: syr2k, her2k
#       sweep-cz-4   c, z: trmm, trsm
#       gesv         whether numpy's first dgesv of order 4096 (numpy 8192's workload; the
#                    H200 profile's getrf_min_order, 6144, sends it to numpy's own LAPACK)
#                    runs faster resident on the device: solve.py 4096 6144 in a warm process,
#                    auto mode with the shipped profile and with getrf_min_order 4096 and 2048,
#                    and cpu mode (about 2 minutes)
# Carried: .gpu, .dev/lib, .dev/bin (this build). Traces of d: TRACE=1.
source profiles/measured/gpu-common.sh
D=profiles/measured/2026-11-26-issue20-s9
part=${1:?a part}
sweep() { # PRECISIONS ROUTINES NAME
  if [ "${TRACE:-0}" = 1 ]; then
    BLASROUTE_TRACE=$OUT/trace-$3.csv bash $D/modes.sh "$@" && gzip $OUT/trace-$3.csv
  else bash $D/modes.sh "$@"; fi; }
case $part in
  sweep-sd) sweep s all s; sweep d all d ;;
  sweep-cz-1) sweep c,z gemm,symm,hemm cz-1 ;;
  sweep-cz-2) sweep c,z syrk,herk cz-2 ;;
  sweep-cz-3) sweep c,z syr2k,her2k cz-3 ;;
  sweep-cz-4) sweep c,z trmm,trsm cz-4 ;;
  gesv)
    for min in shipped 4096 2048 cpu; do
      profile=() mode=auto
      if [ $min = cpu ]; then mode=cpu
      elif [ $min != shipped ]; then
        sed "s/^getrf_min_order = [0-9]*/getrf_min_order = $min/" profiles/nvidia-h200.profile \
          > /tmp/h200-$min.profile
        profile=(BLASROUTE_PROFILE=/tmp/h200-$min.profile)
      fi
      echo "== $min"
      traced gesv $min $mode /tmp/c-gesv env "${profile[@]}" BLASROUTE_VERBOSE=1 \
        python3 $D/solve.py 4096 6144
      cat $OUT/gesv/$min.err | grep -E '^solve|dgesv|dgetrf' | head -8
    done 2>&1 | tee $OUT/gesv.txt ;;
  *) echo "unknown part $part"; exit 2 ;;
esac
pack
