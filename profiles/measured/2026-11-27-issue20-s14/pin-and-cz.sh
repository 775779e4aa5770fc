#!/bin/bash
# Session 14 (2026-11-27), one call on nvidia-h200: pinpipe (pinpipe.c: uploads and downloads
# through per-piece USE_HOST_PTR wrappers, by thread count and piece size) for issue 21's
# staging, then issue 20's c and z modes sweep (session 12's focus.sh cz) on the build with
# cost-bounded close turns (7c92d27).
#     bash profiles/measured/2026-11-27-issue20-s14/pin-and-cz.sh
# Carried: .gpu, .dev (lib/libblasroute.so.0 of 7c92d27, bin/blasroute-bench, bin/pinpipe).
source .gpu/env.sh > /dev/null
timeout 120 .dev/bin/pinpipe 1024 > $OUT/pinpipe.txt 2>&1
cat $OUT/pinpipe.txt
bash profiles/measured/2026-11-26-issue20-s12/focus.sh cz 2>&1 | tail -48
