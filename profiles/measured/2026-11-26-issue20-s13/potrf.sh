#!/bin/bash
# Issue 20, thirteenth session: reference dpotrf 8192, every call on the CPU in auto mode yet
# auto 1.11 of cpu mode by medians in ab.sh more; traced with the verbose log: auto cold, auto
# warm, cpu, twice.
#     bash profiles/measured/2026-11-26-issue20-s13/potrf.sh
source profiles/measured/gpu-common.sh
q=8192; [ "${DRY:-0}" = 1 ] && q=1024 && export BLASROUTE_DEVICE=cpu
export BLASROUTE_VERBOSE=1
for i in 1 2; do
  rm -rf /tmp/c-po /tmp/c-po-c
  traced potrf$i cold auto /tmp/c-po .dev/bin/lapack-stream $q potrf
  traced potrf$i warm auto /tmp/c-po .dev/bin/lapack-stream $q potrf
  traced potrf$i cpu cpu /tmp/c-po-c .dev/bin/lapack-stream $q potrf
done
for f in $OUT/*/*.csv; do gzip $f; done
pack
