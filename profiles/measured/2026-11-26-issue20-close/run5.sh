#!/bin/bash
# Issue 20, fourth session, fifth call (build ab8210a: a call the CPU would answer 1.5 s slower
# waits for the device's program; no learning try on a device whose program is not built):
# numpy 8192 (cpu, device warm, auto cold and warm, traced) and dgeqrf 8192 auto cold twice,
# then the suite at 4096 (best of 3). Carried: .gpu, .dev.
source profiles/measured/gpu-common.sh
one() { traced t "$@"; } # NAME MODE CACHE COMMAND... (../gpu-common.sh)
rm -rf /tmp/t5*
one numpy8192-cpu cpu /tmp/t5c python3 scripts/workload_numpy.py 8192
one numpy8192-device-cold device /tmp/t5d python3 scripts/workload_numpy.py 8192
one numpy8192-device-warm device /tmp/t5d python3 scripts/workload_numpy.py 8192
one numpy8192-auto-cold auto /tmp/t5a python3 scripts/workload_numpy.py 8192
one numpy8192-auto-warm auto /tmp/t5a python3 scripts/workload_numpy.py 8192
one geqrf-cold1 auto /tmp/t5g1 .dev/bin/lapack-stream 8192 geqrf
one geqrf-cold2 auto /tmp/t5g2 .dev/bin/lapack-stream 8192 geqrf
one geqrf-warm2 auto /tmp/t5g2 .dev/bin/lapack-stream 8192 geqrf
( cd $OUT && tar czf t.tgz t && rm -rf t )
bash profiles/measured/2026-11-25-issue20-threads/close.sh suite-4096
