#!/bin/bash
# Why small device calls run 2 to 3 times slower in steady use than right after CPU calls
# (call3-out: sgemm 512 in device mode, 0.40 to 0.48 ms for the first calls after the CPU
# column, then 1.0 to 1.4 ms): whether the host's idle cores are the cause (waking a thread on
# an idle virtual CPU), against the same calls with every core kept busy by nice-19 spinners,
# with the host copies on the caller alone (BLASROUTE_TEST_COPY_THREADS=1), and a timeline.
# Carried: .gpu, .dev/lib, .dev/bin.
source profiles/measured/gpu-common.sh
D=profiles/measured/2026-11-26-issue20-s9
export BLASROUTE_CACHE_DIR=/tmp/brcache-idle
one() { # NAME ROUTINE PRECISION SIZE [VAR=VALUE...]
  local name=$1 routine=$2 p=$3 size=$4; shift 4
  env "$@" BLASROUTE_TRACE=$OUT/$name.csv .dev/bin/blasroute-bench --routine $routine \
      --precision $p --sizes $size --modes device --repeat 200 --no-cpu --no-clblast \
      --no-nvblas --csv 2>/dev/null | grep -v '^#' | tail -1 | cut -d, -f1-5,10 | sed "s/^/$name,/"
  python3 - $OUT/$name.csv <<'PY'
import csv, statistics, sys
t = [float(r["measured_s"]) * 1e3 for r in csv.DictReader(open(sys.argv[1]))][5:]
q = statistics.quantiles(t, n=10)
print(f"   calls {len(t)}  min {min(t):.3f}  p10 {q[0]:.3f}  median {statistics.median(t):.3f}  p90 {q[-1]:.3f} ms")
PY
}
spinners() { for i in $(seq $(nproc)); do nice -n 19 sh -c 'while :; do :; done' & done; }
.dev/bin/blasroute-bench --routine gemm,symm,syrk --precision s,d --sizes 512 --modes device \
    --repeat 1 --no-cpu --no-clblast --no-nvblas > /dev/null 2>&1
for round in 1 2; do
  one sgemm512-idle-$round gemm s 512x512x512
  one sgemm512-copy1-$round gemm s 512x512x512 BLASROUTE_TEST_COPY_THREADS=1
  spinners; sleep 0.2
  one sgemm512-busy-$round gemm s 512x512x512
  one sgemm512-busy-copy1-$round gemm s 512x512x512 BLASROUTE_TEST_COPY_THREADS=1
  kill $(jobs -p) 2>/dev/null; wait 2>/dev/null
done
for shape in gemm:d:512x512x512 symm:d:256x256x256 syrk:s:64x64x8192 gemm:s:2048x2048x2048; do
  IFS=: read r p s <<< "$shape"
  one $p$r-$s-idle $r $p $s
  one $p$r-$s-copy1 $r $p $s BLASROUTE_TEST_COPY_THREADS=1
  spinners; sleep 0.2
  one $p$r-$s-busy $r $p $s
  kill $(jobs -p) 2>/dev/null; wait 2>/dev/null
done
BLASROUTE_TIMELINE=$OUT/timeline-idle.csv one sgemm512-timeline-idle gemm s 512x512x512
spinners; sleep 0.2
BLASROUTE_TIMELINE=$OUT/timeline-busy.csv one sgemm512-timeline-busy gemm s 512x512x512
kill $(jobs -p) 2>/dev/null; wait 2>/dev/null
cd $OUT && tar czf idle.tgz *.csv && rm -f *.csv
