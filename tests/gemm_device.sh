#!/bin/sh
# tests/gemm_device on the device: see tests/on_device.sh.
exec sh "$top_srcdir/tests/on_device.sh" gemm_device
