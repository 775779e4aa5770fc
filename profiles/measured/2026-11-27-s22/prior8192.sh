#!/bin/bash
# Session 22, nvidia-h200, about 3 minutes; carry .dev/bundle (the build with the side prior:
# cpu_threads.h br_cpu_threads_side_prior). traced8192.sh (call 2) found geqrf 8192's first warm
# run sending its thin products to the device, each leaving the rank-32 update after it on 8
# threads. The same runs now (cold with its helper, cpu, warm three times, cpu again, traced),
# and potrf 8192, which the device wins, to see that it still does.
exec bash profiles/measured/2026-11-27-s22/traced8192.sh geqrf potrf
