#!/bin/sh
# Level-3 routines at sizes spanning many device blocks and tiles (tests/level3_large): TRSM's
# accuracy against the reference's on well- and moderately-conditioned triangles, the others
# against the reference with NaN-poisoned memory, answered by the OpenCL engine (PoCL).
exec sh "$top_srcdir/tests/on_device.sh" level3_large
