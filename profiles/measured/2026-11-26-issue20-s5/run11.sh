#!/bin/bash
# Issue 20, session 5, call 12 (H200): call 11's script (run10.sh) again, after the background
# calibration is gone (built-in estimates until the program's calls measure the CPU BLAS; that
# measure kept at exit).
exec bash profiles/measured/2026-11-26-issue20-s5/run10.sh
