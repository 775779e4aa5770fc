# Sourced by call6.sh and next.sh (after gpu-common.sh), on the GPU machine:
#   svariant KEY=VALUE...   SGEMM 8192 resident with the H200 profile's [params.s] so changed
#                           (another profile's: SVARIANT_BASE=profiles/nvidia-h100.profile),
#                           printing "s KEY=VALUE...: RESIDENT KERNEL CHECK [what blasroute-info
#                           says the s kernel runs]" (best of 3).
svariant() {
  python3 profiles/measured/2026-11-27-issue22-s16/with_params.py \
      "${SVARIANT_BASE:-profiles/nvidia-h200.profile}" \
      /tmp/s.profile '[params.s]' "$@"
  local info rate
  info=$(BLASROUTE_PROFILE=/tmp/s.profile .dev/bin/blasroute-info 2> /dev/null |
         sed -n 's/^ *s: //p' | head -1)
  rate=$(BLASROUTE_PROFILE=/tmp/s.profile timeout 60 .dev/bin/blasroute-bench --routine gemm \
         --precision s --sizes 8192 --no-cpu --no-clblast --no-nvblas --repeat 3 2> /dev/null |
         awk '/^sgemm/ {print $7, $8, $NF}')
  echo "s $*: $rate [$info]"
}
