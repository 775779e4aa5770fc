# Sourced first by this session's call scripts, on the GPU machine, from the checkout root
# (carry .dev/bundle with .dev/lib = 819420e and .dev/lib-old = d2c137c; from session 30 .dev/lib
# = 1381fe8): unpacks this call's
# bundle (not one a warm machine kept), then gives session 28's variant.sh (variant, bench_lib)
# and
#   cublas         cuBLAS GEMM 8192 (PyTorch, TF32 off), every precision
#   stages_base_sd session 28's stages_base with a `stages = 0` line in [params.s] too, so
#                  that `variant s stages=N` can change it
rm -rf .gpu .dev/lib .dev/lib-old .dev/bin
source profiles/measured/gpu-common.sh
source profiles/measured/2026-12-06-s28/variant.sh
cublas() { timeout 100 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py 8192 |
           grep gemm; }
stages_base_sd() {
  stages_base
  python3 - <<'PY'
text = open("/tmp/base.profile").read()
start = text.index("[params.s]\n")
end = text.find("\n[", start + 1)
end = len(text) if end < 0 else end
open("/tmp/base.profile", "w").write(text[:start] + text[start:end].rstrip("\n") +
                                     "\nstages = 0\n" + text[end:])
PY
}
