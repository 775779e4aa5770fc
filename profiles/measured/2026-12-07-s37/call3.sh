#!/bin/bash
# Session 37, call 3 (carry .dev/bundle: .dev/lib = the CPU cells taught before the device
# opens, on 42e4f5e; the session's last 435 s of device time). On an H200: issue 22's figures
# beside cuBLAS (session 33's call 1). On an H100: gesv 8192 cold then warm three times on one
# cache, cpu mode after each, verbose and traced: whether the memos still alternate (call 1:
# the run that opened at load kept a memo of 0.09 s, the solves' CPU cell never taught, and
# the next two runs kept every call on the CPU).
source profiles/measured/2026-12-07-s29/setup.sh
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  bash profiles/measured/2026-12-07-s33/call1.sh > $OUT/issue22.txt 2>&1
  exit 0
fi
source profiles/measured/2026-12-07-s37/turns.sh
w=gesv
rm -rf /tmp/c-new /tmp/c-cpu
for state in cold warm1 warm2 warm3; do
  walled $w new-$state auto /tmp/c-new
  [ $state = cold ] && sleep 10
  walled $w cpu-$state cpu /tmp/c-cpu
done | tee $OUT/$w.txt
cp /tmp/c-new/program-*.memo /tmp/c-new/learned-*.table $OUT/$w/ 2>/dev/null
gzip $OUT/$w/*.csv
(cd $OUT && tar cf $w.tar $w && rm -rf $w)
