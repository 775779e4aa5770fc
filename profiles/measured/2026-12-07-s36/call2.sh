#!/bin/bash
# Session 36, call 2 (carry .dev/bundle: .dev/lib = e6e50d8): what a device GEMM of a
# factorization's update shape costs from host arrays, beta = 0 against beta = 1 (C added on
# the host as it comes home) against beta = 1 applied on the device (BLASROUTE_TEST_DEVICE_BETA:
# C uploaded), beside the CPU BLAS; traced, for the model's predictions of the same calls. Call
# 1's gesv 8192 sent dgemm(7616, 7616, 64) to the device on a prediction of 11.2 ms; it took 21
# to 42 ms, the CPU BLAS 17.
source profiles/measured/2026-12-07-s29/setup.sh
sizes=1024x1024x64,2048x2048x64,4096x4096x64,7680x7680x64,7680x7680x256
b() { # NAME BETA VAR=VALUE...
  local name=$1 beta=$2; shift 2
  rm -rf /tmp/c-b; mkdir -p $OUT/beta
  env BLASROUTE_CACHE_DIR=/tmp/c-b BLASROUTE_TRACE=$OUT/beta/$name.csv "$@" \
    .dev/bin/blasroute-bench --routine gemm --precision d --sizes $sizes --beta $beta \
    --modes cpu,device --rounds 3 --repeat 3 --pause 250 --no-cpu --no-clblast --no-nvblas \
    > $OUT/beta/$name.txt 2>&1
  echo "== $name"; grep -v '^#' $OUT/beta/$name.txt | tail -8; }
b beta0 0
b beta1 1
b beta1-on-device 1 BLASROUTE_TEST_DEVICE_BETA=1
b beta1-again 1
gzip $OUT/beta/*.csv
(cd $OUT && tar cf beta.tar beta && rm -rf beta)
