#!/bin/bash
# Session 36, call 4 (carry .dev/bundle: .dev/lib = ed88812's code, the model with beta C's
# add and the trace's two new fields; .dev/lib-old = e6e50d8): not run in session 36 (its
# device time was spent: 390 s left, refused as too little to start a machine); the next
# session's first call. On an H200, issue 22's resident GEMM 8192 beside cuBLAS (s33's call 1,
# its first two lines); on an H100, call 3's gesv 8192 A/B again (new build and e6e50d8 in
# turns, cold, warm1, warm2, cpu mode beside them).
source profiles/measured/2026-12-07-s29/setup.sh
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  { cublas
    timeout 150 .dev/bin/blasroute-bench --no-cpu --no-clblast --no-nvblas --repeat 3 \
      --routine gemm --precision s,d,z --sizes 8192 --beta 0.5 2> /dev/null | grep -E '^[sdcz]gemm'
  } 2>&1 | tee $OUT/issue22.txt
  exit 0
fi
export BLASROUTE_TEST_PREPARE_HELPER=$PWD/.dev/bin/blasroute-prepare
NEW=$L OLD=$PWD/.dev/lib-old/libblasroute.so.0
rm -rf /tmp/c-new /tmp/c-old /tmp/c-cpu
for state in cold warm1 warm2; do
  for build in old new; do
    [ $build = new ] && L=$NEW || L=$OLD
    traced gesv $build-$state auto /tmp/c-$build .dev/bin/lapack-stream 8192 gesv
    [ $state = cold ] && sleep 10
  done
  L=$NEW traced gesv cpu-$state cpu /tmp/c-cpu .dev/bin/lapack-stream 8192 gesv
done
gzip $OUT/gesv/*.csv
(cd $OUT && tar cf gesv.tar gesv && rm -rf gesv)
