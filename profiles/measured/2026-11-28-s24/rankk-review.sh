#!/bin/bash
# Session 24, about 2 minutes; carry .dev/bundle (the review of 40be5e6: bounds a cell keeps
# count as measurements for its opening tries again, process-local, as they did when they were
# samples). Every rank-k row, 5 rounds, as call 4 ran them (rankk.sh).
ROUNDS=5 bash profiles/measured/2026-11-27-s23/rankk.sh
