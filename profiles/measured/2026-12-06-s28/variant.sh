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
#   stages_base              VARIANT_BASE made the card's shipped profile (the H200's on an
#                            H200, else the H100's) with a `stages = 0` line added to its
#                            [params.d], so that variant can change `stages`
#   bench_lib DIR PRECISIONS GEMM 8192 resident through the library in .dev/DIR (lib: this
#                            build, lib-old: the one before), best of 3, each line prefixed DIR
stages_base() {
  local card=profiles/nvidia-h100.profile
  nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 &&
    card=profiles/nvidia-h200.profile
  echo "card profile: $card"
  python3 - $card /tmp/base.profile <<'PY'
import sys
text = open(sys.argv[1]).read()
start = text.index("[params.d]\n")
end = text.find("\n[", start + 1)
end = len(text) if end < 0 else end
body = text[start:end].rstrip("\n") + "\nstages = 0\n"
open(sys.argv[2], "w").write(text[:start] + body + text[end:])
PY
  export VARIANT_BASE=/tmp/base.profile
}
bench_lib() {
  LD_LIBRARY_PATH=$PWD/.dev/$1:$LD_LIBRARY_PATH timeout 100 .dev/bin/blasroute-bench \
    --routine gemm --precision $2 --sizes 8192 --no-cpu --no-clblast --no-nvblas --repeat 3 \
    2> /dev/null | grep -E '^[sdcz]gemm' | sed "s/^/$1 /"
}
