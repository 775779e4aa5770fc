#!/bin/bash
# Issue 20, third session, first call with the CPU BLAS's threads lowered while the device is
# in use (src/cpu_threads.c). (1) The reference-LAPACK streams at 8192, one run each on an
# empty cache: cpu, device, auto, and auto with BLASROUTE_CPU_THREADS=keep (the behaviour
# before); (2) the workload suite at 2048 and 4096, every workload, best of 2 (short programs
# repeated to 2 s); (3) tiny calls, three runs. Carried: .gpu, .dev (this commit's build).
#     bash profiles/measured/2026-11-25-issue20-threads/run1.sh   (from the checkout root)
# (Run as it was then, with this preamble inline; now in ../gpu-common.sh.)
source profiles/measured/gpu-common.sh
for r in getrf geqrf potrf gesv; do
  stream 8192 $r cpu; stream 8192 $r device; stream 8192 $r auto
  stream 8192 $r auto BLASROUTE_CPU_THREADS=keep
done | tee $OUT/streams-8192.txt
for i in 1 2 3; do .dev/bin/tiny-calls; done > $OUT/tiny.txt 2>&1
grep -i "over" $OUT/tiny.txt | tail -6
timeout 330 python3 scripts/workload --library $L --stream .dev/bin/lapack-stream \
  --lapack-dir $PWD/.dev/lapack --python python3 --netlib-dir $PWD/.dev/netlib \
  --orders 2048,4096 --repeats 2 --max-numpy 4096 --out $OUT/suite.txt \
  --keep $OUT/runs > $OUT/suite-progress.txt 2>&1
cat $OUT/suite.txt
tar czf $OUT/runs.tgz -C $OUT runs && rm -rf $OUT/runs
