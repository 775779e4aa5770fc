#!/bin/bash
# Session 23, nvidia-h200, under a minute; carry .dev/bundle (9a3dbb8). Call 8's rank-k rows
# ran on a CPU profile the bench's warm-up pass left (syrk, syr2k, s and d at 512, auto mode,
# empty cache): sgemm at 0.038 and dgemm at 0.0165 of the built-in rates (70 and 15 GFLOP/s at
# 8192), so that ssyrk 8192 x 64 was predicted 168 ms on the CPU, which takes 10 to 17, and
# went to the device (24 to 31 ms). That pass again, traced and verbose, twice; then the
# calls it makes in cpu mode, traced, for their true times.
source profiles/measured/gpu-common.sh
for i in 1 2; do
  c=/tmp/c-wp-$i; rm -rf $c; mkdir -p $OUT/pass$i
  BLASROUTE_CACHE_DIR=$c BLASROUTE_VERBOSE=1 BLASROUTE_TRACE=$OUT/pass$i/trace.csv \
    .dev/bin/blasroute-bench --routine syrk,syr2k --precision s,d --sizes 512 --modes auto \
    --repeat 1 --no-cpu --no-clblast --no-nvblas > $OUT/pass$i/out.txt 2> $OUT/pass$i/err.txt
  cp $c/cpu-*.profile $c/learned-*.table $OUT/pass$i/ 2>/dev/null
  grep -A3 rates $c/cpu-*.profile
done
c=/tmp/c-wp-cpu; rm -rf $c; mkdir -p $OUT/cpu
BLASROUTE_CACHE_DIR=$c BLASROUTE_TRACE=$OUT/cpu/trace.csv .dev/bin/blasroute-bench --routine syrk,syr2k \
  --precision s,d --sizes 512 --modes cpu --repeat 1 --no-cpu --no-clblast --no-nvblas \
  > $OUT/cpu/out.txt 2> $OUT/cpu/err.txt
for f in $OUT/*/trace.csv; do echo "== $f"; awk -F, 'NR>1{k=$1" "$10" "substr($11,1,28); n[k]++; s[k]+=$16} END{for(x in n) printf "%s: %d calls, mean %.3f ms\n", x, n[x], s[x]/n[x]*1000}' $f | sort; done
grep -h "CPU BLAS\|CPU profile\|device:" $OUT/pass1/err.txt | head
pack
