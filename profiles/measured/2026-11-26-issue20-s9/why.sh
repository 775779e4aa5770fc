#!/bin/bash
# Why the modes sweep's rows (call1-out, call2-out) had auto more than 5% below the better of
# cpu and device mode: each such row again, alone in its own process after the sweep's warm-up
# pass, traced (BLASROUTE_TRACE; trace_runs.py groups its calls by path and reason), once as
# the sweep ran it and once with BLASROUTE_CPU_THREADS=keep (the CPU BLAS's thread count never
# lowered beside device calls). Carried: .gpu, .dev/lib, .dev/bin. Dry run: DRY=1 OUT=dir.
source profiles/measured/gpu-common.sh
D=profiles/measured/2026-11-26-issue20-s9
rows="gemm:s:64x64x64 gemm:s:512x512x512 gemm:d:8192x8192x64 gemm:d:8192x64x8192
symm:s:256x256x256 symm:s:512x512x512 symm:s:64x8192x8192 symm:d:256x256x256
symm:d:4096x4096x4096 symm:d:64x8192x8192 syrk:s:512x512x512 syrk:s:64x64x8192
syrk:d:4096x4096x4096 syr2k:s:256x256x256 syr2k:s:64x64x8192 syr2k:d:256x256x256
syr2k:d:64x64x8192 syr2k:d:4096x4096x256 trmm:s:512x512x512 trmm:d:256x256x256
trsm:s:8192x64x64 gemm:c:128x128x128 gemm:z:64x64x64 gemm:z:1024x1024x1024
gemm:z:8192x8192x64 trsm:c:64x8192x8192 trsm:z:64x64x64 herk:c:256x256x256"
[ "${DRY:-0}" = 1 ] && { rows="gemm:s:64x64x64 symm:d:64x512x512"; export BLASROUTE_DEVICE=cpu; }
export BLASROUTE_CACHE_DIR=/tmp/brcache-why
.dev/bin/blasroute-bench --routine all --precision s,d,c,z --sizes 512 --modes auto \
    --repeat 1 --no-cpu --no-clblast --no-nvblas > /dev/null 2>&1
for row in $rows; do
  IFS=: read routine p size <<< "$row"
  for threads in share keep; do
    name=$p$routine-$size-$threads
    BLASROUTE_CPU_THREADS=$threads BLASROUTE_TRACE=$OUT/$name.csv timeout 60 \
      .dev/bin/blasroute-bench --routine $routine --precision $p --sizes $size \
      --modes cpu,device,auto --repeat 3 --pause 50 --no-cpu --no-clblast --no-nvblas --csv \
      2> $OUT/$name.err | grep -v '^#' | tail -1 | cut -d, -f1-5,9-11 | sed "s/^/$threads,/"
    python3 $D/trace_runs.py $OUT/$name.csv > $OUT/$name.runs 2>&1
  done
done | tee $OUT/why.txt
cd $OUT && tar czf traces.tgz *.csv *.runs *.err && rm -f *.csv *.err && tar czf runs.tgz *.runs \
  && rm -f *.runs
