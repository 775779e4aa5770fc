#!/bin/sh
# The tensor-core GEMM (kernels/gemm_mma.cl) compiles only for NVIDIA GPUs: PoCL never builds
# it, so a slip in it would first show on a GPU machine. Here clang compiles the programs of
# double and complex double (the files in the order engine/program.c builds them) for NVIDIA's
# OpenCL target, for the tuner's tensor-core tile shapes with mma 1 (m8n8k4), 2 and 3 (Hopper's
# m16n8k4 and m16n8k8), single- and double-buffered, and checks that each kernel issues the
# mma.sync instructions its tiles call for: one warp's 32 x WTN results are 4 x WTN/8 blocks of
# 8 x 8, K in steps of 4, so (KWG / 4) * 4 * WTN/8 m8n8k4, half as many m16n8k4, a quarter as
# many m16n8k8; four times that in complex (four real products),
# and no private array left in local memory by the front end (ptxas's register allocation, and
# its spills, happen on the GPU machine only). Skipped without a clang that targets nvptx64.
. "$top_srcdir/tests/tap.sh"
clang=
for c in clang clang-16 clang-15 clang-14; do
    command -v $c > /dev/null 2>&1 && clang=$c && break
done
[ -n "$clang" ] || skip_all "no clang"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf '__kernel void k(__global double *x) { x[0] = 1.0; }\n' > "$tmp/probe.cl"
$clang -x cl -cl-std=CL1.2 -target nvptx64-nvidia-nvcl -S -o /dev/null "$tmp/probe.cl" \
    > /dev/null 2>&1 || skip_all "$clang cannot target nvptx64"
files=$(sed -n '/gemm_files\[\] = {/,/};/p' "$top_srcdir/src/engine/program.c" |
    grep -o '"[a-z_]*\.cl"' | tr -d '"')
for f in $files; do cat "$top_srcdir/kernels/$f"; done > "$tmp/program.cl"

# compile PRECISION DB MMA MWG NWG KWG MDIMC NDIMC: the PTX in $tmp/out.ptx, 0 if it compiled
# (vectors of VW, by default 2, 1 in complex double)
compile() {
    vw=${VW:-2}; [ $1 = 6464 ] && vw=1
    precision=$1 db=$2; shift 2
    $clang -x cl -cl-std=CL1.2 -target nvptx64-nvidia-nvcl -Xclang -finclude-default-header \
        -fgnu-keywords -O2 -S -o "$tmp/out.ptx" -DPRECISION=$precision -DMMA=$1 -DMWG=$2 \
        -DNWG=$3 -DKWG=$4 -DMDIMC=$5 -DNDIMC=$6 -DVWM=$vw -DVWN=$vw -DSA=1 -DSB=1 -DKWI=8 \
        -DCOPY_DIM_X=16 \
        -DCOPY_DIM_Y=8 -DCOPY_WPT=4 -DTRANSPOSE_DIM=16 -DTRANSPOSE_WPT=2 -DDIRECT_DIM=16 \
        -DTRSM_BLOCK=$(($2 > $3 ? $2 : $3)) -DDB=$db -DTHIN_MAX=64 -DMMA_PAD=4 \
        -DWARP_M=${WARP_M:-0} -DSTAGES=${STAGES:-0} "$tmp/program.cl" > "$tmp/log" 2>&1
}
plan 10
compile 64 0 0 64 64 16 8 16 && ! grep -q 'mma.sync' "$tmp/out.ptx"
ok $? "the SIMT program of double precision compiles for nvptx64 with no mma.sync in it"
diag_file "$tmp/log"
# The H200's SGEMM tile (128 x 128 x 8 on 16 x 16 work-items, double-buffered) with each warp's
# work-items on an 8 x 4 block of the grid (warp_m 8).
WARP_M=8 compile 32 1 0 128 128 8 16 16 && grep -q 'gemm_tiled' "$tmp/out.ptx"
ok $? "the SIMT program of single precision with warp_m 8 compiles for nvptx64"
diag_file "$tmp/log"

# The tuner's tensor-core shapes (tools/tune_search.c): MWG NWG KWG MDIMC NDIMC.
shapes="64:64:16:8:16 128:64:16:16:8 64:128:16:8:16 128:128:16:16:16 128:128:8:16:16 64:64:32:8:16
        64:128:8:16:16"
for precision in 64 6464; do
    products=1 name=double; [ $precision = 6464 ] && products=4 name="complex double"
    for mma in 1 2 3; do
        shape=m8n8k4 per=1 # m8n8k4 instructions each one stands for
        [ $mma = 2 ] && shape=m16n8k4 per=2
        [ $mma = 3 ] && shape=m16n8k8 per=4
        wrong=
        for s in $shapes; do
            set -- $(echo $s | tr ':' ' ')
            warps=$(($4 * $5 / 32)); warps_n=$((warps / ($1 / 32))); tn=$(($2 / warps_n / 8))
            want=$(($3 / 4 * 4 * tn * products / per))
            for db in 0 1; do
                if compile $precision $db $mma "$@"; then
                    got=$(grep -c "mma.sync.aligned.$shape.row.col.f64.f64.f64.f64" "$tmp/out.ptx")
                    others=$(grep 'mma.sync' "$tmp/out.ptx" | grep -vc "$shape")
                    spills=$(grep -c '\.local' "$tmp/out.ptx")
                    [ "$got" -eq "$want" ] && [ "$others" -eq 0 ] && [ "$spills" -eq 0 ] ||
                        wrong="$wrong $s/db$db:$got/$want,local=$spills"
                else
                    wrong="$wrong $s/db$db:no-build"
                fi
            done
        done
        [ -z "$wrong" ]
        ok $? "$name, mma $mma: every tensor-core shape of the tuner compiles, single- and double-buffered, each issuing its $shape count, no array in local memory${wrong:+ (wrong:$wrong)}"
        diag_file "$tmp/log"
    done
done

# async_wrong STAGES CHUNKS TILES: what $tmp/out.ptx gets wrong of its cp.async stages (nothing
# if right): STAGES sites of CHUNKS copies, a commit_group each, one wait_group leaving STAGES - 2
# in flight, no generic address, both local tile arrays (named TILES) aligned to 16 bytes
async_wrong() {
    copies=$(grep -c 'cp.async.cg.shared.global' "$tmp/out.ptx")
    commits=$(grep -c 'cp.async.commit_group' "$tmp/out.ptx")
    waits=$(grep -c "cp.async.wait_group $(($1 - 2));" "$tmp/out.ptx")
    generic=$(grep -c 'cvta.local\|cvta.shared' "$tmp/out.ptx")
    aligned=$(grep -c '.shared .align 16 .b8 gemm_tiled_$_[ab]lm_'"$3" "$tmp/out.ptx")
    [ "$copies" -eq $(($1 * $2)) ] && [ "$commits" -eq "$1" ] && [ "$waits" -eq 1 ] &&
        [ "$generic" -eq 0 ] && [ "$aligned" -eq 2 ] ||
        echo "copies=$copies/$(($1 * $2)),commits=$commits,waits=$waits,cvta=$generic,aligned=$aligned"
}

# cp.async stages (double, m16n8k4, single-buffered otherwise): each work-item's copies of a K
# step, (KWG MWG / 2 + KWG NWG / 2) / threads chunks of 16 bytes, issued for the first STAGES - 1
# steps before the loop and once in it (STAGES sites), each site closed by a commit_group; one
# wait_group leaving STAGES - 2 groups in flight; the mma count of the tile unchanged; the
# local tiles' addresses given to cp.async as .shared addresses, not generic ones, and the
# tiles aligned to its 16 bytes.
wrong=
for c in 2:64:128:8:16:16 3:64:128:8:16:16 4:64:128:8:8:16; do
    set -- $(echo $c | tr ':' ' ')
    stages=$1; shift
    chunks=$((($3 * $1 / 2 + $3 * $2 / 2) / ($4 * $5)))
    warps=$(($4 * $5 / 32)); warps_n=$((warps / ($1 / 32))); tn=$(($2 / warps_n / 8))
    want_mma=$(($3 / 4 * 4 * tn / 2))
    if STAGES=$stages compile 64 0 2 "$@"; then
        mma=$(grep -c 'mma.sync.aligned.m16n8k4' "$tmp/out.ptx")
        bad=$(async_wrong $stages $chunks sets)
        [ -z "$bad" ] && [ "$mma" -eq "$want_mma" ] || wrong="$wrong $c:$bad,mma=$mma/$want_mma"
    else
        wrong="$wrong $c:no-build"
    fi
done
[ -z "$wrong" ]
ok $? "double, mma 2, cp.async stages 2 to 4: each stage's copies, commit groups and one wait, the mma count unchanged, shared addresses, local tiles aligned to 16 bytes${wrong:+ (wrong:$wrong)}"
diag_file "$tmp/log"

# cp.async stages in the SIMT kernel: single precision on Hopper's tile (128 x 128 x 8 on 16 x
# 16 work-items, vectors of 4) and double on 64 x 64 x 16 (vectors of 2): each work-item's
# copies of a K step, (KWG MWG + KWG NWG) / 16 bytes / threads, at STAGES sites, a commit_group
# each, one wait_group leaving STAGES - 2 in flight, no mma.sync, shared addresses, both tiles
# aligned to 16 bytes, no private array in local memory.
wrong=
for c in 32:4:2:128:128:8:16:16 32:4:3:128:128:8:16:16 32:4:4:128:128:8:16:16 \
         64:2:3:64:64:16:16:16; do
    set -- $(echo $c | tr ':' ' ')
    precision=$1 vw=$2 stages=$3; shift 3
    bytes=4; [ $precision = 64 ] && bytes=8
    chunks=$((($3 * $1 + $3 * $2) * bytes / 16 / ($4 * $5)))
    if VW=$vw STAGES=$stages compile $precision 0 0 "$@"; then
        mma=$(grep -c 'mma.sync' "$tmp/out.ptx")
        spills=$(grep -c '\.local' "$tmp/out.ptx")
        bad=$(async_wrong $stages $chunks tiles)
        [ -z "$bad" ] && [ "$mma" -eq 0 ] && [ "$spills" -eq 0 ] ||
            wrong="$wrong $c:$bad,mma=$mma,local=$spills"
    else
        wrong="$wrong $c:no-build"
    fi
done
[ -z "$wrong" ]
ok $? "the SIMT kernel in cp.async stages 2 to 4 (single, vectors of 4; double, vectors of 2): each stage's copies, commit groups and one wait, shared addresses, local tiles aligned to 16 bytes${wrong:+ (wrong:$wrong)}"
diag_file "$tmp/log"
