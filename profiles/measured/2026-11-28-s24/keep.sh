#!/bin/bash
# Session 24, about 2 minutes; carry .dev/bundle (40be5e6). Whether auto mode's CPU calls right
# after device calls (call 4: dsyrk n = 8192, k = 64 at 15.4 to 16.4 ms a call, cpu mode's 12.2
# to 16.1 in the same rounds) pay for the thread count given back: the s and d syrk rows as
# rankk.sh runs them (5 rounds), with the count shared (the default) and with
# BLASROUTE_CPU_THREADS=keep (never lowered), one after the other.
source profiles/measured/gpu-common.sh
sed -n '/^run() {/,/summary.txt; }$/p' profiles/measured/2026-11-27-s23/rankk.sh > /tmp/run.sh
sed -i 's/--rounds ${ROUNDS:-3}/--rounds 5/' /tmp/run.sh
source /tmp/run.sh
run s,d syrk 8192x8192x64 share
export BLASROUTE_CPU_THREADS=keep
run s,d syrk 8192x8192x64 keep
gzip -9 $OUT/*.csv
pack
