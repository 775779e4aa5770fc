#!/bin/bash
# Issue 20, session 6, call 1 (nvidia-h200): which kernels Debian's OpenBLAS takes on the GPU
# machine's virtual CPU by itself, against those its instruction set allows (OPENBLAS_CORETYPE,
# which gpu-common.sh sets from this day on): the CPU BLAS's dgemm and sgemm rates each way, in
# one run; then reference-LAPACK dgetrf 8192 and numpy 4096 in every mode with the kernels
# named (auto cold and warm, cpu, device cold and warm: gpu-common.sh's modes).
source profiles/measured/gpu-common.sh
named=${OPENBLAS_CORETYPE:-}
grep -m1 -o -w -E 'avx512f|avx2' /proc/cpuinfo | head -1 > $OUT/isa.txt
for core in default $named Haswell; do
  if [ $core = default ]; then unset OPENBLAS_CORETYPE; else export OPENBLAS_CORETYPE=$core; fi
  echo "== OPENBLAS_CORETYPE=${OPENBLAS_CORETYPE:-unset}: $(OPENBLAS_VERBOSE=2 LD_PRELOAD=$L \
      BLASROUTE_MODE=cpu .dev/bin/tiny-calls 2>&1 | grep -m1 -i core)"
  timeout 120 .dev/bin/blasroute-bench --routine gemm --precision s,d --sizes 1024,4096 \
      --no-device --no-clblast --no-nvblas --repeat 3 2>&1 | grep -E '^[sd]gemm'
done | tee $OUT/kernels.txt
export OPENBLAS_CORETYPE=$named
modes getrf 8192 .dev/bin/lapack-stream 8192 getrf
modes numpy 4096 python3 scripts/workload_numpy.py 4096
pack
