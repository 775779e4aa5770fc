#!/bin/sh
# One device per MPI rank (issue 23): with several devices visible and one process per device,
# each process takes the device at its node-local rank (OMPI_COMM_WORLD_LOCAL_RANK,
# MPI_LOCALRANKID, SLURM_LOCALID, PMI_LOCAL_RANK, ...), modulo their number. PoCL shows two
# CPU devices with POCL_DEVICES="pthread pthread"; BLASROUTE_DEVICE=cpu:local-rank asks for the
# rank's one among them (the default rule does the same among GPUs, which PoCL has none of):
#  - ranks 0, 1 and 2 of Open MPI's variable: devices 0:0, 0:1 and 0:0, products right on them;
#  - MPICH's and Slurm's variables the same;
#  - BLASROUTE_DEVICE=cpu (no rank asked): the first device whatever the rank;
#  - a rank that is not a number: one warning, the first device;
#  - under Debian's Open MPI (`mpirun -np 2`, where installed): each rank on its own device,
#    every product right (tests/repeat_dgemm checks each one), as each rank's verbose output says.
. "$top_srcdir/tests/tap.sh"
require_reference_and_pocl
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export POCL_DEVICES="pthread pthread"
listed=$(env $clear_knobs BLASROUTE_DEVICE=cpu:all "$top_builddir/blasroute-info" 2> /dev/null |
    grep -c '^  [0-9]\. [0-9]*:[0-9]* ')
[ "$listed" -ge 2 ] || skip_all "PoCL shows fewer than two devices with POCL_DEVICES=\"pthread pthread\""
plan 5
rank_vars="-u OMPI_COMM_WORLD_LOCAL_RANK -u MPI_LOCALRANKID -u MV2_COMM_WORLD_LOCAL_RANK
  -u SLURM_LOCALID -u PMIX_LOCAL_RANK -u PMI_LOCAL_RANK -u PALS_LOCAL_RANKID -u FLUX_TASK_LOCAL_ID"

# device_of VAR=VALUE...: the device a process opens in device mode for 3 products of 64,
# checked (tests/repeat_dgemm): "P:D", or "wrong" when a product was; stderr in $tmp/err.
device_of() {
    env $clear_knobs $rank_vars "$@" LD_PRELOAD="$BLASROUTE_LIBRARY" BLASROUTE_MODE=device \
        BLASROUTE_VERBOSE=1 BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" \
        "$top_builddir/tests/repeat_dgemm" 3 64 64 64 > "$tmp/out" 2> "$tmp/err" ||
        { echo wrong; return; }
    sed -n 's/^blasroute: device: \([0-9]*:[0-9]*\) .*/\1/p' "$tmp/err" | head -n 1
}

got=""
for rank in 0 1 2; do
    got="$got $(device_of BLASROUTE_DEVICE=cpu:local-rank OMPI_COMM_WORLD_LOCAL_RANK=$rank)"
done
[ "$got" = " 0:0 0:1 0:0" ]
ok $? "OMPI_COMM_WORLD_LOCAL_RANK 0, 1, 2 with cpu:local-rank: devices$got (0:0 0:1 0:0), products right"
diag_file "$tmp/err"

got="$(device_of BLASROUTE_DEVICE=cpu:local-rank MPI_LOCALRANKID=1) $(device_of BLASROUTE_DEVICE=cpu:local-rank SLURM_LOCALID=1)"
[ "$got" = "0:1 0:1" ]
ok $? "MPICH's MPI_LOCALRANKID=1 and Slurm's SLURM_LOCALID=1: devices $got (0:1 0:1)"
diag_file "$tmp/err"

got=$(device_of BLASROUTE_DEVICE=cpu OMPI_COMM_WORLD_LOCAL_RANK=1)
[ "$got" = "0:0" ]
ok $? "BLASROUTE_DEVICE=cpu, rank 1: the first device whatever the rank ($got)"
diag_file "$tmp/err"

got=$(device_of BLASROUTE_DEVICE=cpu:local-rank OMPI_COMM_WORLD_LOCAL_RANK=one)
warnings=$(grep -c 'OMPI_COMM_WORLD_LOCAL_RANK=one is not a node-local rank' "$tmp/err")
[ "$got" = "0:0" ] && [ "$warnings" -eq 1 ]
ok $? "a rank that is not a number: $warnings warning, the first device ($got)"
diag_file "$tmp/err"

if ! command -v mpirun > /dev/null 2>&1; then
    skip "mpirun -np 2: each rank on its own device" "no mpirun (Debian's openmpi-bin)"
    exit 0
fi
# Each rank writes its own trace and stderr; Open MPI as root needs its two consents.
env $clear_knobs $rank_vars OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
    OMPI_MCA_btl=self,vader OMPI_MCA_plm_rsh_agent=false \
    timeout 120 mpirun -np 2 --oversubscribe -x POCL_DEVICES -x LD_PRELOAD="$BLASROUTE_LIBRARY" \
    -x BLASROUTE_MODE=device -x BLASROUTE_DEVICE=cpu:local-rank -x BLASROUTE_VERBOSE=1 \
    -x BLASROUTE_CPU_BLAS="$BLASROUTE_REFERENCE_BLAS" \
    sh -c "'$top_builddir/tests/repeat_dgemm' 4 64 64 64 2> '$tmp/rank-'\$OMPI_COMM_WORLD_RANK.err" \
    > "$tmp/mpi.out" 2> "$tmp/mpi.err"
status=$?
devices=$(for r in 0 1; do sed -n 's/^blasroute: device: \([0-9]*:[0-9]*\) .*/\1/p' "$tmp/rank-$r.err" 2> /dev/null | head -n 1; done | tr '\n' ' ')
[ $status -eq 0 ] && [ "$devices" = "0:0 0:1 " ]
ok $? "mpirun -np 2: each rank on its own device (ranks 0, 1: ${devices:-none}), every product right (exit $status)"
diag_file "$tmp/mpi.err"
