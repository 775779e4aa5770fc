#!/bin/bash
# Session 34, call 6 (carry .dev/bundle: .dev/lib = this session's decision hysteresis on
# 6e2cc5e, .dev/lib-old = 6e2cc5e): call 5's modes sweep once a build, the new one first.
SWEEPS="hyst1:lib base1:lib-old" bash profiles/measured/2026-12-07-s34/call5.sh
