#!/bin/bash
# Issue 20, session 5, call 6 (H200): interference.c (built here, carried in .dev/bin): the CPU
# BLAS's dgemm 6880 x 6880 x 32 every 2 ms for 4 s on one thread while the main thread opens the
# device at 0.5 s and builds its double program at 1.5 s; empty program cache, then the cache
# that run left; at normal priority and at nice 19. Then the opening alone, and the CPU alone.
source profiles/measured/gpu-common.sh
I=.dev/bin/interference
rm -rf /tmp/c-int; export BLASROUTE_CACHE_DIR=/tmp/c-int
echo "== empty cache";           $I 4 6880 6880 32 0.5 1.5
echo "== cached program";        $I 4 6880 6880 32 0.5 1.5
rm -rf /tmp/c-int
echo "== empty cache, nice 19";  $I 4 6880 6880 32 0.5 1.5 nice
echo "== cached, nice 19";       $I 4 6880 6880 32 0.5 1.5 nice
echo "== open only (build after the calls)"; $I 3 6880 6880 32 0.5 9
echo "== neither";               $I 3 6880 6880 32 9 9
