#!/bin/sh
# Pinned uploads (engine/pin_upload.h): a large contiguous block's pieces moved from the
# caller's pages, pinned by the driver, by a helper thread taking them from the block's end
# while the staged loop copies from its start. On PoCL, forced on with small pieces
# (BLASROUTE_TEST_PIN_CHUNK) and the arrays not read in place (BLASROUTE_TEST_FAULT=wrap, as a
# GPU would not), over tests/level3_large with tight leading dimensions (every routine and
# option; NaN-poisoned memory, guard bands; compared with the reference), in device mode:
#  1. every line right, every call on the device, and pinned pieces in the timeline;
#  2. each call uploads the same bytes as with BLASROUTE_PIN_UPLOADS=0 and the same seed: no
#     piece moved twice or left out, wherever the helper and the staged loop met;
#  3. the driver refusing to pin (BLASROUTE_TEST_FAULT=pin): every line right, the refused
#     pieces moved from pageable memory, at most 3 (the helper then stops), none pinned.
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
plan 3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out="$tmp/stdout" err="$tmp/stderr"
export BLASROUTE_MODE=device BLASROUTE_DEVICE="${BLASROUTE_TEST_DEVICE:-cpu}"
seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')

# large NAME VAR=VALUE...: level3_large, tight, this seed, its timeline in $tmp/NAME.csv.
large() {
    name=$1; shift
    run_program level3_large BLASROUTE_TEST_TIGHT_LD=1 BLASROUTE_TEST_SEED=$seed \
        BLASROUTE_TIMELINE="$tmp/$name.csv" "$@"
}
# count NAME COMMAND: the timeline's lines of that command.
count() { awk -F, -v what="$2" '$6 == what { n++ } END { print n + 0 }' "$tmp/$1.csv"; }
# on_device: every report line of a routine says device only.
on_device() { ! grep '^blasroute report: [sdcz][a-z0-9]*, ' "$err" | grep -q -v ', device [0-9]*,'; }
# uploads NAME: per call, the bytes of its uploads ("call bytes" lines).
uploads() {
    awk -F, 'NR > 1 && $6 ~ /^upload/ { b[$1] += $7 } END { for (c in b) print c, b[c] }' \
        "$tmp/$1.csv" | sort -n
}

large pinned BLASROUTE_TEST_PIN_CHUNK=32K BLASROUTE_TEST_FAULT=wrap
pinned=$(count pinned "upload pinned")
all_ok && on_device && [ "$pinned" -gt 0 ]
ok $? "pinned uploads (seed $seed): every line right and on the device, $pinned pieces pinned"
diag_file "$out"; diag_file "$err"

large staged BLASROUTE_TEST_PIN_CHUNK=32K BLASROUTE_TEST_FAULT=wrap BLASROUTE_PIN_UPLOADS=0
uploads pinned > "$tmp/pinned.bytes"
uploads staged > "$tmp/staged.bytes"
calls=$(wc -l < "$tmp/staged.bytes")
all_ok && [ "$(count staged "upload pinned")" -eq 0 ] && [ "$calls" -gt 30 ] &&
    cmp -s "$tmp/pinned.bytes" "$tmp/staged.bytes"
ok $? "each of $calls calls uploads the same bytes with the helper as without it"
diff "$tmp/pinned.bytes" "$tmp/staged.bytes" | head -n 10 | sed 's/^/# /'

large refused BLASROUTE_TEST_PIN_CHUNK=32K BLASROUTE_TEST_FAULT=wrap,pin
unpinned=$(count refused "upload unpinned")
all_ok && on_device && [ "$(count refused "upload pinned")" -eq 0 ] && [ "$unpinned" -ge 1 ] &&
    [ "$unpinned" -le 3 ]
ok $? "pinning refused: every line right and on the device, $unpinned pieces from pageable memory"
diag_file "$out"; diag_file "$err"
