#!/bin/sh
# Every Level-3 routine, every precision and option, Fortran and CBLAS in both layouts, against
# the reference with NaN-poisoned memory (tests/level3_vs_reference), answered on the CPU (no
# device is named), with the reference as blasroute's CPU BLAS: what is checked is then
# blasroute's own Level-3 code (argument checks, options, CBLAS layouts, quick returns, beta
# scaling, routing) and not how OpenBLAS's kernels for this CPU round or treat NaN.
# tests/cpu_blas_choice.sh checks that OpenBLAS is the default; the device, hybrid and
# several-device scripts run the same program.
[ -e "${BLASROUTE_REFERENCE_BLAS:-}" ] ||
    { echo "1..0 # SKIP reference BLAS not found at '${BLASROUTE_REFERENCE_BLAS:-}'"; exit 0; }
export BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS"
exec "$top_builddir/tests/level3_vs_reference"
