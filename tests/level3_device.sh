#!/bin/sh
# Every Level-3 routine with a device path, every precision and option, Fortran and CBLAS in
# both layouts, against the reference with NaN-poisoned memory (tests/level3_vs_reference, its
# smaller size set), answered by the OpenCL engine on the CPU device (PoCL).
export BLASROUTE_TEST_QUICK="${BLASROUTE_TEST_QUICK:-1}"
exec sh "$top_srcdir/tests/on_device.sh" level3_vs_reference
