#!/bin/bash
# Issue 22, prepared 2026-11-26 (session 7, not yet run): Hopper's m16n8k4 (mma = 2) against
# m8n8k4 (mma = 1) on the machine it runs on (nvidia-h200 or nvidia-h100-x1), cuBLAS beside:
#  1. cuBLAS DGEMM 8192 resident (cublas.py, PyTorch, TF32 off);
#  2. DGEMM 4096 and 8192 resident (blasroute-bench br-res, br-kern) with each of the tuner's
#     tensor-core shapes, mma 1 and 2, from profiles made here (the device's name matched, the
#     H200 profile's other [params.d] values), blasroute-info naming the kernel in force;
#  3. blasroute-tune --quick --precision dz --no-cpu (which now tries mma 2, and the tensor
#     cores for complex double), its profile kept, and DGEMM and ZGEMM 8192 with it beside
#     cuBLAS's: the profile to ship for the device if it wins.
# Carried: .gpu, .dev/lib, .dev/bin (this build). About 7 minutes.
source profiles/measured/gpu-common.sh
name=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
short=$(echo "$name" | grep -o 'H[0-9]*' | head -1)
timeout 120 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | tee $OUT/cublas.txt
# (the profiles below change every precision's lines; only DGEMM is timed with them)
# profile MMA MWG NWG KWG MDIMC NDIMC: a profile for this device with those [params.d]
profile() {
  sed -e "s/^name = .*/name = NVIDIA $short/" -e "s/^match = .*/match = NVIDIA $short/" \
      -e "s/^mma = .*/mma = $1/" -e "s/^mwg = .*/mwg = $2/" -e "s/^nwg = .*/nwg = $3/" \
      -e "s/^kwg = .*/kwg = $4/" -e "s/^mdimc = .*/mdimc = $5/" -e "s/^ndimc = .*/ndimc = $6/" \
      -e "s/^kwi = .*/kwi = $(($4 < 8 ? $4 : 8))/" profiles/nvidia-h200.profile > /tmp/v.profile; }
for shape in 64:64:16:8:16 128:64:16:16:8 64:128:16:8:16 128:128:16:16:16 128:128:8:16:16 \
             64:64:32:8:16; do
  for mma in 1 2; do
    profile $mma $(echo $shape | tr ':' ' ')
    kernel=$(BLASROUTE_PROFILE=/tmp/v.profile .dev/bin/blasroute-info 2> /dev/null |
             sed -n 's/^ *d: //p' | head -1)
    rates=$(BLASROUTE_PROFILE=/tmp/v.profile BLASROUTE_VERBOSE=1 timeout 60 \
            .dev/bin/blasroute-bench --routine gemm --precision d --sizes 4096,8192 --no-cpu \
            --no-clblast --no-nvblas --repeat 3 2> $OUT/bench-$shape-$mma.err |
            awk '/^dgemm/ {printf "%s:%s/%s %s  ", $3, $7, $8, $NF}')
    echo "shape $shape mma $mma: $rates[$kernel]"
  done
done | tee $OUT/shapes.txt
timeout 300 .dev/bin/blasroute-tune --quick --precision dz --no-cpu \
    --output $OUT/tuned-$short.profile > $OUT/tune.txt 2>&1
tail -5 $OUT/tune.txt
BLASROUTE_PROFILE=$OUT/tuned-$short.profile timeout 60 .dev/bin/blasroute-bench --routine gemm \
    --precision d,z --sizes 8192 --no-cpu --no-clblast --no-nvblas --repeat 3 2> /dev/null |
    grep -E '^[dz]gemm' | tee $OUT/tuned-bench.txt
BLASROUTE_PROFILE=$OUT/tuned-$short.profile .dev/bin/blasroute-info 2> /dev/null |
    sed -n '/GEMM kernels/,/^$/p'
cd $OUT && tar czf errs.tgz bench-*.err && rm -f bench-*.err; true
