#!/bin/bash
# HPL (Debian's hpcc) under mpirun with blasroute preloaded, against OpenBLAS alone:
#     bash profiles/measured/2026-11-26-issue23-hpl/hpl.sh one   # issue 23: one H200, 1 rank
#     bash profiles/measured/2026-11-26-issue23-hpl/hpl.sh two   # issue 24: two H200s, 2 ranks
# Carried: .gpu, .dev (this build, and .dev/mpi from pack.sh). Each run: N of HPL_SIZES
# (default 20000 40000), NB 512 (blasroute) or 256 (OpenBLAS), P x Q 1 x ranks; prints
# "NAME N RANKS Tflops residual devices seconds" and keeps hpccoutf.txt and the ranks' stderr
# (blasroute's report and verbose lines, which name each rank's device). Dry run on the
# development machine: DRY=1 OUT=dir (small N, PoCL as the device).
source profiles/measured/gpu-common.sh
source profiles/measured/2026-11-26-issue23-hpl/mpi-env.sh
part=${1:?one or two}
sizes=${HPL_SIZES:-20000 40000} device=
if [ "${DRY:-0}" = 1 ]; then
  sizes="1500 3000"
  device="-x BLASROUTE_DEVICE=cpu:local-rank -x BLASROUTE_MODE=device -x POCL_DEVICES"
fi
# hpl NAME RANKS N NB MPIRUN-ARGS...: one hpcc run in its own directory under $OUT.
hpl() {
  local name=$1 ranks=$2 n=$3 nb=$4; shift 4
  local dir=$OUT/$name-$n-$ranks; mkdir -p $dir
  sed -e "s/^1000         Ns/$n         Ns/" -e "s/^80           NBs/$nb          NBs/" \
      -e "s/^2            Ps/1            Ps/" -e "s/^2            Qs/$ranks            Qs/" \
      profiles/measured/2026-11-26-issue23-hpl/hpccinf.template > $dir/hpccinf.txt
  local start=$(date +%s.%N)
  (cd $dir && timeout 500 mpirun -np $ranks --oversubscribe \
      -x LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH "$@" \
      sh -c "hpcc 2> rank-\$OMPI_COMM_WORLD_RANK.err" > mpirun.out 2> mpirun.err)
  local end=$(date +%s.%N)
  local tflops=$(sed -n 's/^HPL_Tflops=//p' $dir/hpccoutf.txt 2> /dev/null | head -1)
  # HPL's scaled residual and its verdict; each rank's device (its verbose line)
  local check=$(grep -m1 '^||Ax-b||' $dir/hpccoutf.txt 2> /dev/null | awk '{print $2, $NF}')
  local devices=$(for r in $(seq 0 $((ranks - 1))); do
      sed -n 's/^blasroute: device: \([0-9]*:[0-9]*\) .*/\1/p' $dir/rank-$r.err 2> /dev/null |
          head -1; done | tr '\n' ' ')
  echo "$name $n $ranks Tflops=${tflops:-none} residual=${check:-none} devices=${devices:-none}" \
      "seconds=$(awk "BEGIN { print $end - $start }")"
}
blasroute="-x LD_PRELOAD=$L -x BLASROUTE_REPORT=1 -x BLASROUTE_VERBOSE=1 $device"
case $part in
  one)
    for n in $sizes; do
      hpl openblas 1 $n 256
      hpl blasroute 1 $n 512 $blasroute
    done ;;
  two)
    for n in $sizes; do
      hpl blasroute 1 $n 512 $blasroute
      hpl blasroute 2 $n 512 $blasroute
      hpl openblas 2 $n 256 -x OPENBLAS_NUM_THREADS=8
    done ;;
  *) echo "unknown part $part"; exit 2 ;;
esac | tee $OUT/hpl-$part.txt
cd $OUT && tar czf hpl-$part.tgz --exclude='*.tgz' --exclude=machine.txt --exclude="hpl-$part.txt" * 2> /dev/null; true
