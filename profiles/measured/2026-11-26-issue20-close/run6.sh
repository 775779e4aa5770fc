#!/bin/bash
# Issue 20, fourth session, sixth call (build after ab8210a: a first process that guesses the
# GPU counts its first compile in the opening's cost): the suite at 4096, best of 3
# (close.sh suite-4096). Carried: .gpu, .dev.
bash profiles/measured/2026-11-25-issue20-threads/close.sh suite-4096
