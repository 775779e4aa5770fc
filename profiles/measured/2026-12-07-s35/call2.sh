#!/bin/bash
# Session 35, call 2 (carry .dev/bundle: .dev/lib = e6e50d8, a CPU try's cost includes its
# spin's; .dev/lib-old = 95fa230, the hysteresis alone): call 1's sweeps, the builds in turn,
# twice each (on an H200, issue 22's figures first, then one sweep a build).
NEW=charge OLD=hyst bash profiles/measured/2026-12-07-s35/call1.sh
