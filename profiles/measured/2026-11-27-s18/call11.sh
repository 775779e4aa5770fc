#!/bin/bash
# Session 18, call 11 (nvidia-h100-x1, about 1 minute; carry .dev/bundle, bundle.sh): call 10's
# commands on the H100: single precision's Hopper built-ins (br-builtin) beside its shipped
# profile (br-kern) and cuBLAS.
exec bash profiles/measured/2026-11-27-s18/call10.sh
