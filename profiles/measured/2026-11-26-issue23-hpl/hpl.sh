#!/bin/bash
# HPL (netlib's xhpl 2.3, build-xhpl.sh) under mpirun with blasroute preloaded, against OpenBLAS
# alone, from the checkout root on the GPU machine:
#     bash profiles/measured/2026-11-26-issue23-hpl/hpl.sh one   # issue 23: one H200, 1 rank
#     bash profiles/measured/2026-11-26-issue23-hpl/hpl.sh two   # issue 24: 1 and 2 ranks, 2 GPUs
#     bash profiles/measured/2026-11-26-issue23-hpl/hpl.sh runs SPEC...
# where each SPEC is NAME:PxQ:N[:NB[:SETTINGS]], NAME blasroute or openblas (2x1: two ranks
# splitting the rows, each panel factorized by both; 1x2: splitting the columns, each panel by
# one), SETTINGS HPL.dat's panel settings as "nbmin=32,depth=0" (pfact, nbmin, ndiv, rfact,
# bcast, depth; the template's, hpcc's defaults, otherwise).
# Carried: .gpu, .dev (this build, .dev/mpi from pack.sh and build-xhpl.sh; the GPU machine's
# 64 MiB limit on what travels takes .dev/lib, .dev/bin and .dev/mpi as mpi.tar.xz, unpacked
# there: mkdir -p .dev/lapack && tar xJf .dev/mpi.tar.xz -C .dev).
# Each run: N of HPL_SIZES (default 20000 40000), NB of HPL_NB (default 512: blasroute's
# products want a deep k; OpenBLAS alone takes 256), every rank unbound (--bind-to none: Open
# MPI binds each of 2 ranks to one core by default) with its share of the cores as the CPU
# BLAS's threads, the CPU BLAS's kernels named for the CPU (gpu-common.sh's OPENBLAS_CORETYPE); prints "NAME N PxQ NB Gflops residual devices
# seconds" and keeps HPL.out and the ranks' stderr (blasroute's report and verbose lines, which
# name each rank's device). Before the timed runs, one small run per rank count fills
# blasroute's cache (the compiled programs), as a machine that has run blasroute once has it.
# HPL's own matrix generation and check are serial and slow (81 and 90 s at N = 40000 on one
# rank): only HPL's time counts. Dry run on the development machine: DRY=1 OUT=dir (small N,
# PoCL as the devices).
source profiles/measured/gpu-common.sh
source profiles/measured/2026-11-26-issue23-hpl/mpi-env.sh
part=${1:?one, two or runs}
sizes=${HPL_SIZES:-20000 40000} nb=${HPL_NB:-512} device= warm=5000
if [ "${DRY:-0}" = 1 ]; then
  sizes="1500 3000" warm=500
  device="-x BLASROUTE_DEVICE=cpu:local-rank -x BLASROUTE_MODE=device -x POCL_DEVICES"
fi
cores=$(nproc)
{ lscpu | grep -E '^(Model name|Socket|NUMA node\(s\)|NUMA node[0-9] CPU)'; nvidia-smi topo -m; } \
  >> $OUT/machine.txt 2>&1
export BLASROUTE_CACHE_DIR=/tmp/hpl-cache CUDA_CACHE_PATH=/tmp/hpl-cache/nvidia
# hpl NAME PxQ N NB MPIRUN-ARGS...: one xhpl run in its own directory under $OUT.
hpl() {
  local name=$1 grid=$2 n=$3 nb=$4; shift 4
  local p=${grid%x*} q=${grid#*x}; local ranks=$((p * q))
  local dir=$OUT/$name-$n-$grid-$nb threads=$((cores / ranks))
  # HPL.dat's panel settings from $HPL_SET ("nbmin=32,depth=0,..."; keys pfact, nbmin, ndiv,
  # rfact, bcast, depth), the template's elsewhere
  local set=() kv
  for kv in ${HPL_SET//,/ }; do
    case ${kv%%=*} in
      pfact) set+=(-e "s/^[0-9]*\( *PFACTs\)/${kv#*=}\1/") ;;
      nbmin) set+=(-e "s/^[0-9]*\( *NBMINs\)/${kv#*=}\1/") ;;
      ndiv) set+=(-e "s/^[0-9]*\( *NDIVs\)/${kv#*=}\1/") ;;
      rfact) set+=(-e "s/^[0-9]*\( *RFACTs\)/${kv#*=}\1/") ;;
      bcast) set+=(-e "s/^[0-9]*\( *BCASTs\)/${kv#*=}\1/") ;;
      depth) set+=(-e "s/^[0-9]*\( *DEPTHs\)/${kv#*=}\1/") ;;
      *) echo "unknown HPL.dat setting $kv" >&2; return 2 ;;
    esac
  done
  [ -z "${HPL_SET:-}" ] || dir=$dir-${HPL_SET//[=,]/}; mkdir -p $dir
  head -31 profiles/measured/2026-11-26-issue23-hpl/hpccinf.template |
    sed -e "s/^1000         Ns/$n         Ns/" -e "s/^80           NBs/$nb          NBs/" \
        -e "s/^2            Ps/$p            Ps/" -e "s/^2            Qs/$q            Qs/" \
        "${set[@]}" > $dir/HPL.dat
  local start=$(date +%s.%N)
  (cd $dir && timeout 300 mpirun -np $ranks --oversubscribe --bind-to none \
      -x LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH -x OPENBLAS_NUM_THREADS=$threads \
      -x BLASROUTE_CACHE_DIR -x CUDA_CACHE_PATH -x OPENBLAS_CORETYPE "$@" \
      sh -c "xhpl 2> rank-\$OMPI_COMM_WORLD_RANK.err" > mpirun.out 2> mpirun.err)
  local end=$(date +%s.%N)
  local gflops=$(awk '/^WR/ {print $7}' $dir/HPL.out 2> /dev/null | head -1)
  # HPL's scaled residual and its verdict; each rank's device (its verbose line)
  local check=$(grep -m1 '^||Ax-b||' $dir/HPL.out 2> /dev/null | awk '{print $2, $NF}')
  local devices=$(for r in $(seq 0 $((ranks - 1))); do
      sed -n 's/^blasroute: device: \([0-9]*:[0-9]*\) .*/\1/p' $dir/rank-$r.err 2> /dev/null |
          head -1; done | tr '\n' ' ')
  echo "$name $n $grid $nb ${HPL_SET:+$HPL_SET }Gflops=${gflops:-none} residual=${check:-none}" \
      "devices=${devices:-none} seconds=$(awk "BEGIN { print $end - $start }")"
}
blasroute="-x LD_PRELOAD=$L -x BLASROUTE_REPORT=1 -x BLASROUTE_VERBOSE=1 $device"
case $part in
  one)
    hpl warm-up 1x1 $warm $nb $blasroute > /dev/null
    for n in $sizes; do
      hpl blasroute 1x1 $n $nb $blasroute
      hpl openblas 1x1 $n 256
    done ;;
  two)
    hpl warm-up 1x1 $warm $nb $blasroute > /dev/null
    hpl warm-up 1x2 $warm $nb $blasroute > /dev/null
    for n in $sizes; do
      hpl blasroute 1x1 $n $nb $blasroute
      hpl blasroute 1x2 $n $nb $blasroute
      hpl openblas 1x1 $n 256
    done ;;
  runs)
    shift
    warmed=
    for spec in "$@"; do
      IFS=: read -r name grid n b HPL_SET <<< "$spec"
      if [ $name = blasroute ]; then
        case " $warmed " in *" $grid "*) ;; *)
          hpl warm-up $grid $warm ${b:-$nb} $blasroute > /dev/null; warmed="$warmed $grid" ;; esac
        hpl blasroute $grid $n ${b:-$nb} $blasroute
      else
        hpl openblas $grid $n ${b:-256}
      fi
    done ;;
  *) echo "unknown part $part"; exit 2 ;;
esac | tee $OUT/hpl-$part.txt
cd $OUT && tar czf hpl-$part.tgz --exclude='*.tgz' --exclude=machine.txt --exclude="hpl-$part.txt" * 2> /dev/null; true
