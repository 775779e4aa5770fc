#!/bin/bash
# Session 31, call 1 (carry .dev/bundle: .dev/lib = 1381fe8): SGEMM's last wave. cuBLAS and
# blasroute (resident br-res, kernel alone br-kern) at 8192 (4096 tiles of 128: 15.5 waves of 2
# on 132 units), 8320 (4225: 16.0 waves) and 16384 (16384: 62.1 waves), each pair in one call;
# then session 30's call 6 (GEMM 8192 every precision with the built-in profiles only).
source profiles/measured/2026-12-07-s29/setup.sh
{
  for n in 8192 8320 16384; do
    timeout 80 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py $n | grep sgemm
    timeout 80 .dev/bin/blasroute-bench --routine gemm --precision s --sizes $n \
      --no-cpu --no-clblast --no-nvblas --repeat 3 2>/dev/null | grep -E "gemm|br-"
    timeout 80 python3 profiles/measured/2026-11-26-issue22-plan/cublas.py $n | grep sgemm
  done
} 2>&1 | tee $OUT/call1.txt
bash <(grep -v "^pack$" profiles/measured/2026-12-07-s30/call6.sh) > /dev/null 2>&1
pack
