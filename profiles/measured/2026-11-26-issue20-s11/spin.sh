#!/bin/bash
# Issue 20, eleventh session: whether OpenBLAS's spin after a call (2^28 cycles, about 0.1 s,
# by default; OPENBLAS_THREAD_TIMEOUT=N makes it 2^N, read when OpenBLAS starts) is worth
# shortening: its spin slows device calls made after CPU calls, which is why blasroute lowers
# the CPU BLAS's thread count while a device is in use, and that lowered count keeps learning
# from seeing the CPU's full speed amid device calls (strmm 512). Three settings, each over
# the sweep's near-tie rows at 256 and 512 (cpu, device, auto; best of 3 rounds) and reference
# LAPACK getrf and geqrf at 8192 in cpu and auto mode (empty cache, best of 2):
#   default      as shipped
#   t22          OPENBLAS_THREAD_TIMEOUT=22 (about 1.5 ms)
#   t22-keep     the same and BLASROUTE_CPU_THREADS=keep (the count never lowered)
# One device call (about 6 minutes):
#     bash profiles/measured/2026-11-26-issue20-s11/spin.sh
# Carried: .gpu, .dev (this build). Dry run here: DRY=1 OUT=dir.
source profiles/measured/gpu-common.sh
sizes=256,512 order=8192
if [ "${DRY:-0}" = 1 ]; then sizes=64; order=512; export BLASROUTE_DEVICE=cpu; fi
for setting in default t22 t22-keep; do
  vars=()
  case $setting in
    t22) vars=(OPENBLAS_THREAD_TIMEOUT=22) ;;
    t22-keep) vars=(OPENBLAS_THREAD_TIMEOUT=22 BLASROUTE_CPU_THREADS=keep) ;;
  esac
  rm -rf /tmp/brcache-spin
  env "${vars[@]}" BLASROUTE_CACHE_DIR=/tmp/brcache-spin .dev/bin/blasroute-bench \
      --routine gemm,symm,trmm,syr2k --precision s,d --sizes 512 --modes auto --repeat 1 \
      --no-cpu --no-clblast --no-nvblas > /dev/null 2>&1
  env "${vars[@]}" BLASROUTE_CACHE_DIR=/tmp/brcache-spin timeout 100 .dev/bin/blasroute-bench \
      --routine gemm,symm,trmm,syr2k --precision s,d --sizes $sizes --modes cpu,device,auto \
      --repeat 1 --rounds 3 --pause 250 --no-cpu --no-clblast --no-nvblas --csv \
      > $OUT/modes-$setting.csv 2> $OUT/modes-$setting.err
  python3 profiles/measured/2026-11-25-issue20-suite/modes_summary.py $OUT/modes-$setting.csv \
      > $OUT/modes-$setting-summary.txt
  echo "== $setting: $(grep -c '<$' $OUT/modes-$setting-summary.txt) rows under 0.95"
  grep '<$' $OUT/modes-$setting-summary.txt
  for w in getrf geqrf; do for mode in cpu auto cpu auto; do
    stream $order $w $mode "${vars[@]}"
  done; done
done 2>&1 | tee $OUT/spin.txt
pack
