# Sourced by this session's call scripts (after gpu-common.sh), on the GPU machine:
#   variant P KEY=VALUE...   ?GEMM 8192 resident (P: s, d, c or z) with the card's profile's
#                            [params.P] so changed (VARIANT_BASE: the profile, by default the
#                            H100's), printing "P KEY=VALUE...: RESIDENT KERNEL CHECK [the
#                            kernel blasroute-info names]" (best of 3); session 17's svariant
#                            for any precision.
variant() {
  local p=$1; shift
  python3 profiles/measured/2026-11-27-issue22-s16/with_params.py \
      "${VARIANT_BASE:-profiles/nvidia-h100.profile}" /tmp/v.profile "[params.$p]" "$@" || return
  local info rate
  info=$(BLASROUTE_PROFILE=/tmp/v.profile .dev/bin/blasroute-info 2> /dev/null |
         sed -n "s/^ *$p: //p" | head -1)
  rate=$(BLASROUTE_PROFILE=/tmp/v.profile timeout 60 .dev/bin/blasroute-bench --routine gemm \
         --precision $p --sizes 8192 --no-cpu --no-clblast --no-nvblas --repeat 3 2> /dev/null |
         awk "/^${p}gemm/ {print \$7, \$8, \$NF}")
  echo "$p $*: $rate [$info]"
}
