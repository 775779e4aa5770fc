#!/bin/bash
# Session 25, about 4 minutes; carry .dev/bundle (3d56412: device calls within one CPU call's
# spin count once toward taking them as the stream's cost; far tries paid for by what the last
# try cost). Call 5's rows again, as call5.sh runs them: the traced warm-up pass, then
# focus.sh all.
bash profiles/measured/2026-11-28-s25/call5.sh
