#!/bin/bash
# Issue 21, prepared 2026-11-26 (session 8, not yet run), nvidia-h200, about 4 minutes: the
# staged path's host copy in place, by store kind and thread count. Session 8's timelines had
# the staged uploads bound by their host copy (a piece every 270 to 330 us against 170 us of
# DMA, about 29 GB/s) while copy_rate measured the same copy alone at 45 GB/s (56.6 with
# memcpy at 8 threads, 73 at 16). For each of streaming/plain stores and 8, 12, 16 copy threads
# (BLASROUTE_TEST_COPY_STORES, BLASROUTE_TEST_COPY_THREADS): dgemm 8192 and 2048 and dsyrk
# 8192 end to end (device mode, best of 2), and a timeline of dgemm 8192 whose staged pieces
# carry their host wait and copy (host_wait_us, host_copy_us, from commit 8dbca3b).
# Carried: .gpu, .dev/lib, .dev/bin (this build).
source profiles/measured/gpu-common.sh
for v in streaming:8 plain:8 streaming:12 plain:12 plain:16; do
  export BLASROUTE_TEST_COPY_STORES=${v%:*} BLASROUTE_TEST_COPY_THREADS=${v#*:}
  rates=$(timeout 100 .dev/bin/blasroute-bench --routine gemm,syrk --precision d \
          --sizes 8192,2048 --repeat 2 --no-cpu --no-clblast --no-nvblas 2> /dev/null |
          awk '/^d(gemm|syrk)/ { printf "%s %s:%s  ", $1, $3 == "-" ? $4 : $3, $9 }')
  BLASROUTE_TIMELINE=$OUT/timeline-$v.csv timeout 40 .dev/bin/blasroute-bench --routine gemm \
      --precision d --sizes 8192 --repeat 1 --no-cpu --no-clblast --no-nvblas > /dev/null 2>&1
  copy=$(awk -F, '$6 == "upload staged" && $1 == 3 { n++; c += $12; w += $11; d += $10 - $9 }
         END { if (n) printf "%d pieces: host copy %.0f us, wait %.0f us, DMA %.0f us each", n, c / n, w / n, d / n }' \
         $OUT/timeline-$v.csv)
  echo "$v  $rates| $copy"
done | tee $OUT/copies.txt
cd $OUT && tar czf timelines.tgz timeline-*.csv && rm -f timeline-*.csv; true
