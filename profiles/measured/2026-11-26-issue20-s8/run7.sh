#!/bin/bash
# Issue 20, session 8, call 7 (nvidia-h200): run6 found the choice between lowering the CPU
# BLAS's threads beside a device (share) and not (keep) a wash on dgeqrf 16384: lowered, its
# CPU updates run 1.5x slower; kept, their threads' spin after each call slows the next device
# product's host copies about as much. Whether a shorter spin removes both costs: OpenBLAS reads
# OPENBLAS_THREAD_TIMEOUT (its threads spin 2^N cycles after a call before sleeping; default
# N = 28, about 0.1 s) at load. dgeqrf 16384 in auto mode (keep and share) and cpu mode with
# N = 20 (about 0.4 ms), cpu mode with the default again; dgetrf 8192 (16000 small CPU calls)
# in cpu mode with each, for what a short spin costs calls that come back to back.
source profiles/measured/gpu-common.sh
run() { # NAME N MODE ORDER ROUTINE VAR=VALUE...
  local name=$1 order=$4 routine=$5 mode=$3; shift 5
  rm -rf /tmp/c-x
  traced $routine-$order $name $mode /tmp/c-x env "$@" .dev/bin/lapack-stream $order $routine; }
run cpu-t20 - cpu 8192 getrf OPENBLAS_THREAD_TIMEOUT=20
run cpu - cpu 8192 getrf
run cpu-t20-b - cpu 8192 getrf OPENBLAS_THREAD_TIMEOUT=20
run cpu-b - cpu 8192 getrf
run auto-keep-t20 - auto 16384 geqrf BLASROUTE_CPU_THREADS=keep OPENBLAS_THREAD_TIMEOUT=20
run auto-share-t20 - auto 16384 geqrf BLASROUTE_CPU_THREADS=share OPENBLAS_THREAD_TIMEOUT=20
run cpu-t20 - cpu 16384 geqrf OPENBLAS_THREAD_TIMEOUT=20
run cpu - cpu 16384 geqrf
pack
