#!/bin/bash
# Run here, from the checkout root, after building and filling .dev (lib, bin, lapack, netlib)
# and .gpu (../shared/device/pack): packs them into one xz archive, .dev/bundle/gpu-dev.tar.xz
# (about 9 MB where the directories are 56), so that a device call can carry the reference
# LAPACK and the Netlib programs beside the GPU machine's libraries under the carry limit:
#     run: carry [".dev/bundle"]; gpu-common.sh unpacks it there when .gpu is absent.
set -e
mkdir -p .dev/bundle
tar cf - .gpu .dev/lib .dev/bin .dev/lapack .dev/netlib | xz -T0 -6 > .dev/bundle/gpu-dev.tar.xz
ls -l .dev/bundle/gpu-dev.tar.xz
