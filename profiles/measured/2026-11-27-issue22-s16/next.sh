#!/bin/bash
# Prepared 2026-11-27 (session 16, not yet run), nvidia-h200, about 8 minutes, from the checkout
# root. Carry .gpu, .dev/lib and .dev/bin (the build to measure).
#  1. Issue 20: the rank-k rows with BLASROUTE_TRACE (rankk-modes.sh), whose predicted_cpu_s
#     and predicted_device_s say why auto sent ssyrk, dsyrk and cherk 8192x64 to the device
#     where the CPU BLAS was faster (calls 7 and 8).
#  2. Issue 22: where dgemm 8192 end to end at beta 0 spends the 42 ms it takes (28 TFLOP/s
#     needs 39): one call's BLASROUTE_TIMELINE after a warm-up, device mode.
#  3. Issue 22: SGEMM 8192 resident on SIMT tiles beyond the quick tune's (its 128x128x8 on
#     16x16 work-items ran 0.96 of cuBLAS on both GPUs), beside cuBLAS.
#  4. K slices (e4590ef, not yet measured on a GPU): thin outputs from a long K in device mode,
#     the engine's choice against BLASROUTE_TEST_GEMM_SLICES=1 (none), and dtrsm 8192 and dgemm
#     2048 as controls (their launches should not be sliced).
source profiles/measured/gpu-common.sh
for slices in default 1; do
  knob=; [ $slices = 1 ] && knob=BLASROUTE_TEST_GEMM_SLICES=1
  for shape in "gemm d,z 64x64x8192,256x256x16384" "syr2k,herk,syrk c,z 64x64x8192" \
               "trsm d 8192" "gemm d 2048"; do
    set -- $shape
    env $knob timeout 60 .dev/bin/blasroute-bench --routine $1 --precision $2 --sizes $3 \
        --repeat 3 --no-cpu --no-clblast --no-nvblas 2> /dev/null | grep -E '^[sdcz][a-z0-9]+ ' |
        sed "s/^/slices-$slices /"
  done
done | tee $OUT/slices.txt
bash profiles/measured/2026-11-27-issue22-s16/rankk-modes.sh
gzip -f $OUT/trace-*.csv
for round in warm timed; do
  BLASROUTE_TIMELINE=$OUT/timeline-$round.csv timeout 60 .dev/bin/blasroute-bench \
      --routine gemm --precision d --sizes 8192 --beta 0 --repeat 1 --no-cpu --no-clblast \
      --no-nvblas 2> /dev/null | grep '^dgemm'
done
timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 | grep sgemm
# stile MWG NWG KWG MDIMC NDIMC VWM VWN KWI DB: the H200 profile with those [params.s] values
stile() {
  python3 profiles/measured/2026-11-27-issue22-s16/with_params.py profiles/nvidia-h200.profile \
      /tmp/s.profile '[params.s]' mwg=$1 nwg=$2 kwg=$3 mdimc=$4 ndimc=$5 vwm=$6 vwn=$7 kwi=$8 \
      db=$9
}
# (each valid by br_params_valid's rules on 48 KiB of local memory; the info line says if not)
for t in 128:128:8:16:16:4:4:8:1 128:128:16:16:16:4:4:8:1 128:128:8:16:16:4:4:4:1 \
         256:128:16:32:16:4:4:8:0 128:256:16:16:32:4:4:8:0 128:128:16:16:16:8:4:8:1; do
  stile $(echo $t | tr ':' ' ')
  info=$(BLASROUTE_PROFILE=/tmp/s.profile .dev/bin/blasroute-info 2> /dev/null |
         sed -n 's/^ *s: //p' | head -1)
  rate=$(BLASROUTE_PROFILE=/tmp/s.profile timeout 60 .dev/bin/blasroute-bench --routine gemm \
         --precision s --sizes 8192 --no-cpu --no-clblast --no-nvblas --repeat 3 2> /dev/null |
         awk '/^sgemm/ {print $7, $8, $NF}')
  echo "s $t: $rate [$info]"
done | tee $OUT/stiles.txt
# 5. Issue 22: Hopper's m16n8k8 (mma 3, 93aa21f, never run on a GPU) against m16n8k4 on the
#    shipped d tile and two others, DGEMM and ZGEMM 8192 resident (every result checked).
# dtile MMA MWG NWG KWG MDIMC NDIMC: the H200 profile with those [params.d], and the mma in
# [params.z] too
dtile() {
  python3 profiles/measured/2026-11-27-issue22-s16/with_params.py profiles/nvidia-h200.profile \
      /tmp/d.profile '[params.d]' mma=$1 mwg=$2 nwg=$3 kwg=$4 mdimc=$5 ndimc=$6 \
      '[params.z]' mma=$1
}
for t in 2:64:128:8:16:16 3:64:128:8:16:16 3:64:128:16:16:16 3:128:128:8:32:16 3:64:64:16:8:16; do
  dtile $(echo $t | tr ':' ' ')
  info=$(BLASROUTE_PROFILE=/tmp/d.profile .dev/bin/blasroute-info 2> /dev/null |
         sed -n 's/^ *d: //p' | head -1)
  rates=$(BLASROUTE_PROFILE=/tmp/d.profile timeout 60 .dev/bin/blasroute-bench --routine gemm \
          --precision d,z --sizes 8192 --no-cpu --no-clblast --no-nvblas --repeat 3 \
          2> /dev/null | awk '/^[dz]gemm/ {printf "%s %s/%s %s  ", $1, $7, $8, $NF}')
  echo "mma:tile $t: $rates[$info]"
done | tee $OUT/mma3.txt
