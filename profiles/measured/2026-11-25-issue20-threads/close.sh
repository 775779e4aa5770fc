#!/bin/bash
# Issue 20's remaining "Done when" records on the H200, prepared for the next sessions (each
# part one device call under 10 minutes; carried: .gpu, .dev with this build):
#     bash profiles/measured/2026-11-25-issue20-threads/close.sh PART
# PART: streams-8192         first: run1's reference-LAPACK streams at 8192 with the present
#                            rule for the CPU BLAS's threads (cpu, device, auto, and auto with
#                            BLASROUTE_CPU_THREADS=keep), one run each on an empty cache
#       modes-sd, modes-cz   blasroute-bench --modes cpu,device,auto over every routine of two
#                            precisions, square orders 64 to 8192 and skinny shapes, best of 3
#                            (summary: auto against the better column, rows 5% below marked);
#                            gemm and symm alone filled the call's 560 s for s,d (2026-11-26), so
#                            the routines also go in groups, one call each: modes-sd-rank (syrk,
#                            syr2k), modes-sd-tri (trmm, trsm), modes-cz-a (gemm, symm, hemm),
#                            modes-cz-rank (syrk, herk, syr2k, her2k), modes-cz-tri (trmm, trsm)
#       device-order         sgemm and dgemm 512 and 1024, device mode alone and auto mode
#                            alone, after pauses of 0 and 500 ms: whether device mode's 5 ms a
#                            call there (2026-11-26) is its own or the GPU's idle before it
#       suite-small          the workload suite at 2048 and 4096, every workload, best of 3
#       suite-4096, suite-2048   the same, one order each (when suite-small's two do not fit
#                            one call beside another part)
#       suite-8192           at 8192: the LAPACK workloads, syevd and numpy, one run
#       suite-16384a/b       at 16384: getrf and potrf / gesv and geqrf, one run
# For a dry run on the development machine (PoCL): DRY=1 PYTHON=/usr/bin/python3 OUT=dir
# (small sizes, PoCL as the device; checked there: every part runs and summarizes).
source profiles/measured/gpu-common.sh
D=profiles/measured/2026-11-25-issue20-threads
part=${1:?a part}
sizes=64,128,256,512,1024,2048,4096,8192,8192x8192x64,8192x64x8192,64x8192x8192,4096x4096x256
orders_small=2048,4096 order_large=8192 order_huge=16384 device= order_sizes=512,1024
if [ "${DRY:-0}" = 1 ]; then
  sizes=64,128,256x256x16 orders_small=256 order_large=320 order_huge=384 device="--device cpu"
  order_sizes=64,128
  export BLASROUTE_DEVICE=cpu
fi
modes() { # PRECISIONS [ROUTINES [NAME]]
  routines=${2:-all} name=${3:-${1/,/}}
  export BLASROUTE_CACHE_DIR=/tmp/brcache-sweep
  # The learned table and the programs of one warm-up pass first, as a program run before has.
  .dev/bin/blasroute-bench --routine all --precision $1 --sizes 512 --modes auto --repeat 1 \
      --no-clblast --no-nvblas > /dev/null 2>&1
  timeout 560 .dev/bin/blasroute-bench --routine $routines --precision $1 --sizes $sizes \
      --modes cpu,device,auto --repeat 3 --pause 50 --no-clblast --no-nvblas --csv \
      > $OUT/modes-$name.csv 2> $OUT/modes-$name.err
  python3 profiles/measured/2026-11-25-issue20-suite/modes_summary.py $OUT/modes-$name.csv \
      | tee $OUT/modes-$name-summary.txt; }
case $part in
  streams-8192)
    for r in getrf geqrf potrf gesv; do
      stream $order_large $r cpu; stream $order_large $r device; stream $order_large $r auto
      stream $order_large $r auto BLASROUTE_CPU_THREADS=keep
    done | tee $OUT/streams-8192.txt ;;
  modes-sd) modes s,d ;;
  modes-cz) modes c,z ;;
  modes-sd-rank) modes s,d syrk,syr2k sd-rank ;;
  modes-sd-tri) modes s,d trmm,trsm sd-tri ;;
  modes-cz-a) modes c,z gemm,symm,hemm cz-a ;;
  modes-cz-rank) modes c,z syrk,herk,syr2k,her2k cz-rank ;;
  modes-cz-tri) modes c,z trmm,trsm cz-tri ;;
  device-order)
    export BLASROUTE_CACHE_DIR=/tmp/brcache-order
    # (blasroute-bench measures its columns in a fixed order: each mode alone, after pauses of
    # none and of half a second, the GPU idle meanwhile)
    for run in device:0 device:500 auto:0 auto:500; do
      .dev/bin/blasroute-bench --routine gemm --precision s,d --sizes $order_sizes \
          --modes ${run%:*} --repeat 3 --pause ${run#*:} --no-clblast --no-nvblas 2>&1 \
          | grep '^[sd]gemm' | sed "s/^/${run%:*} pause ${run#*:} ms: /"
    done | tee $OUT/device-order.txt ;;
  suite-small) suite small 560 $device --orders $orders_small --repeats 3 --max-numpy 4096 ;;
  suite-4096) suite 4096 560 $device --orders ${orders_small#*,} --repeats 3 --max-numpy 4096 \
      --workloads getrf,potrf,geqrf,gesv,syevd,numpy ;;
  suite-2048) suite 2048 560 $device --orders ${orders_small%,*} --repeats 3 ;;
  suite-8192) suite 8192 560 $device --orders $order_large --repeats 1 --max-syevd 8192 \
      --max-numpy 8192 --workloads getrf,potrf,gesv,geqrf,syevd,numpy ;;
  suite-16384a) suite 16384a 560 $device --orders $order_huge --repeats 1 --workloads getrf,potrf ;;
  suite-16384b) suite 16384b 560 $device --orders $order_huge --repeats 1 --workloads gesv,geqrf ;;
  *) echo "unknown part $part"; exit 2 ;;
esac
cd $OUT && for d in runs-*; do [ -d "$d" ] && tar czf $d.tgz $d && rm -rf $d; done; true
