#!/bin/bash
# What slows device calls made right after the CPU BLAS's calls (call3-out: sgemm 512 in
# device mode, 0.40 ms for its first calls after the cpu-mode column, then 1.0 to 1.4; alone,
# 0.33 ms, call4-out): blasroute-bench's cpu, device and auto columns as the sweep runs them
# (50 ms pauses), traced, against: the host copies on the caller alone
# (BLASROUTE_TEST_COPY_THREADS=1), OpenBLAS's threads asleep at once after a call
# (OPENBLAS_THREAD_TIMEOUT=4), the CPU BLAS's thread count kept (BLASROUTE_CPU_THREADS=keep),
# and 250 ms pauses (longer than OpenBLAS's spin). Carried: .gpu, .dev/lib, .dev/bin.
source profiles/measured/gpu-common.sh
export BLASROUTE_CACHE_DIR=/tmp/brcache-disturb
.dev/bin/blasroute-bench --routine gemm,symm --precision s,d --sizes 512 --modes auto \
    --repeat 1 --no-cpu --no-clblast --no-nvblas > /dev/null 2>&1
for shape in gemm:s:512x512x512 symm:d:256x256x256 gemm:d:1024x1024x1024 syrk:s:64x64x8192; do
  IFS=: read r p s <<< "$shape"
  for variant in plain copy1 timeout4 keep pause250; do
    vars=() pause=50
    case $variant in
      copy1) vars=(BLASROUTE_TEST_COPY_THREADS=1) ;;
      timeout4) vars=(OPENBLAS_THREAD_TIMEOUT=4) ;;
      keep) vars=(BLASROUTE_CPU_THREADS=keep) ;;
      pause250) pause=250 ;;
    esac
    name=$p$r-$s-$variant
    env "${vars[@]}" BLASROUTE_TRACE=$OUT/$name.csv .dev/bin/blasroute-bench --routine $r \
        --precision $p --sizes $s --modes cpu,device,auto --repeat 3 --pause $pause --no-cpu \
        --no-clblast --no-nvblas --csv 2>/dev/null | grep -v '^#' | tail -1 |
        cut -d, -f1-5,9-11 | sed "s/^/$variant,/"
    python3 - $OUT/$name.csv <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for label, pick in (("cpu mode", lambda r: r["reason"] == "mode cpu"),
                    ("device mode", lambda r: r["reason"] == "mode device"),
                    ("auto on device", lambda r: r["reason"].startswith("device")),
                    ("auto on cpu", lambda r: r["reason"].startswith("CPU") or
                     r["reason"].startswith("below"))):
    t = [float(r["measured_s"]) * 1e3 for r in rows if pick(r)]
    if t:
        print(f"   {label:<15} {len(t):5d} calls  first4 " +
              " ".join(f"{x:.3f}" for x in t[:4]) +
              f"  median {statistics.median(t):.3f}  min {min(t):.3f} ms")
PY
  done
done | tee $OUT/disturb.txt
cd $OUT && tar czf disturb.tgz *.csv && rm -f *.csv
