#!/bin/bash
# Session 18, call 7 (nvidia-h200, about 1 minute; carry .gpu, .dev/lib, .dev/bin): issue 20,
# where auto's extra 0.1 ms per device call of cherk n = 64, k = 8192 goes (call 6: not
# learning, not the trace, not the thread sharing): each mode alone in its own process, traced
# and with the device's timeline, then both modes in one process.
source profiles/measured/gpu-common.sh
rm -rf /tmp/brc7; mkdir -p /tmp/brc7
export BLASROUTE_CACHE_DIR=/tmp/brc7
.dev/bin/blasroute-bench --routine herk --precision c --sizes 512 --modes auto --repeat 1 \
    --no-cpu --no-clblast --no-nvblas > /dev/null 2>&1
for mode in device auto device,auto; do
  tag=${mode/,/-}
  BLASROUTE_TRACE=$OUT/trace7-$tag.csv BLASROUTE_TIMELINE=$OUT/timeline7-$tag.csv \
      timeout 100 .dev/bin/blasroute-bench --routine herk --precision c --sizes 64x64x8192 \
      --modes $mode --repeat 1 --rounds 3 --pause 250 --no-cpu --no-clblast --no-nvblas \
      2> /dev/null | awk -v m=$mode '/^cherk/ {print m, $0}'
done | tee $OUT/modes7.txt
for f in $OUT/trace7-*.csv; do
  echo "$f: $(awk -F, 'NR > 1 {print $16}' $f | sort -g | awk '{a[NR] = $1} END {
      printf "n %d min %.6f median %.6f", NR, a[1], a[int((NR + 1) / 2)]}')"
done | tee -a $OUT/modes7.txt
pack
