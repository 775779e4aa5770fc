#!/bin/bash
# Session 20 call 1 (13:45, nvidia-h200, build bd138e0): session 19's prepared script, unchanged.
exec bash profiles/measured/2026-11-27-s19/next.sh
