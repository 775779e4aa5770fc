#!/bin/bash
# Issue 20, fourth session, second call (build caf1f28): run1 found dgeqrf 8192 in auto mode at
# 10.0 s (cpu 7.2, device 6.2; last session 6.2), and numpy and dsyevd 4096 over both other
# modes. Traced (BLASROUTE_TRACE, BLASROUTE_REPORT): each in cpu, device and auto mode, auto
# cold then warm on one cache, with OpenBLAS's threads shared and kept.
# Carried: .gpu, .dev.    bash profiles/measured/2026-11-26-issue20-close/run2.sh
source profiles/measured/gpu-common.sh
one() { traced traces "$@"; } # NAME MODE CACHE COMMAND... (../gpu-common.sh)
rm -rf /tmp/t-*
for t in share keep; do
  for r in geqrf:8192 syevd:4096; do
    w=${r%:*} n=${r#*:}
    export BLASROUTE_CPU_THREADS=$t
    [ $t = share ] && one $w$n-cpu cpu /tmp/t-c$w .dev/bin/lapack-stream $n $w
    [ $t = share ] && one $w$n-device device /tmp/t-d$w .dev/bin/lapack-stream $n $w
    one $w$n-auto-$t-cold auto /tmp/t-a$w$t .dev/bin/lapack-stream $n $w
    one $w$n-auto-$t-warm auto /tmp/t-a$w$t .dev/bin/lapack-stream $n $w
  done
  [ $t = share ] && one numpy4096-cpu cpu /tmp/t-cn python3 scripts/workload_numpy.py 4096
  [ $t = share ] && one numpy4096-device device /tmp/t-dn python3 scripts/workload_numpy.py 4096
  one numpy4096-auto-$t-cold auto /tmp/t-an$t python3 scripts/workload_numpy.py 4096
  one numpy4096-auto-$t-warm auto /tmp/t-an$t python3 scripts/workload_numpy.py 4096
done | tee $OUT/summary.txt
cd $OUT && tar czf traces.tgz traces && rm -rf traces
