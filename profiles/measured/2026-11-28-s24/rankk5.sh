#!/bin/bash
# Session 24, nvidia-h200, about 4 minutes; carry .dev/bundle (cdaef68: the warming window after
# a wake bounded to the four calls after the waking one, be07e82, first measured here). Every
# rank-k row of the modes sweep, 5 rounds, as ../2026-11-27-s23/rankk.sh does them.
ROUNDS=5 bash profiles/measured/2026-11-27-s23/rankk.sh
