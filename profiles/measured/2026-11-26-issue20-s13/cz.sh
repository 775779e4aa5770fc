#!/bin/bash
# Issue 20, thirteenth session: the c and z modes sweep of session 12 (focus.sh cz: syrk, herk,
# syr2k, her2k, trmm at 256, 512, 8192x8192x64, 8192x64x8192; cpu, device, auto, best of 3) on
# this build, which has aa47817 (a program of fewer than four GEMM calls calibrates the CPU
# from its other Level-3 calls; session 12's call 14 had the thin rank-2k rows at 0.36 to 0.47
# on the provisional CPU estimates). One device call:
#     bash profiles/measured/2026-11-26-issue20-s13/cz.sh
exec bash profiles/measured/2026-11-26-issue20-s12/focus.sh cz
