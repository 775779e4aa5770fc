# Sourced by the measurement scripts (profiles/measured/*/runN.sh) on the GPU machine, from the
# checkout root (.gpu and .dev carried): the GPU machine's OpenCL and OpenBLAS, the reference
# LAPACK over OpenBLAS (.dev/lapack/libblas.so.3 made a link to it), blasroute's build as $L,
# the machine's name in $OUT/machine.txt, and
#   stream ORDER ROUTINE MODE VAR=VALUE...   one reference-LAPACK stream on an empty cache,
#                                            printing "ROUTINE MODE VARS SECONDS"
set -u
source .gpu/env.sh > /dev/null
ln -sf $PWD/.gpu/lib/libopenblas.so.0 .dev/lapack/libblas.so.3
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH
L=$PWD/.dev/lib/libblasroute.so.0
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; nproc; } > $OUT/machine.txt 2>&1
cat $OUT/machine.txt
stream() {
  order=$1 routine=$2 mode=$3; shift 3
  rm -rf /tmp/c-stream
  s=$(env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/c-stream BLASROUTE_MODE=$mode "$@" \
      LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH .dev/bin/lapack-stream $order $routine \
      | awk '{print $3}')
  echo "$routine $mode $* $s"; }
# suite NAME TIMEOUT ARGS...: the workload suite, its table in $OUT/suite-NAME.txt
suite() {
  name=$1 limit=$2; shift 2
  timeout $limit python3 scripts/workload --library $L --stream .dev/bin/lapack-stream \
    --lapack-dir $PWD/.dev/lapack --python ${PYTHON:-python3} --netlib-dir $PWD/.dev/netlib \
    --out $OUT/suite-$name.txt --keep $OUT/runs-$name "$@" > $OUT/suite-$name-progress.txt 2>&1
  tail -n 12 $OUT/suite-$name-progress.txt; }
# traced DIR NAME MODE CACHE COMMAND...: one run of COMMAND (a reference-LAPACK stream or a
# script) in MODE on CACHE, its trace and report in $OUT/DIR/NAME.csv and .err, printing
# "NAME FIRST-LINE-OF-ITS-OUTPUT"
traced() {
  dir=$1 name=$2 mode=$3 cache=$4; shift 4
  mkdir -p $OUT/$dir
  s=$(env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=$cache BLASROUTE_MODE=$mode BLASROUTE_REPORT=1 \
      BLASROUTE_TRACE=$OUT/$dir/$name.csv LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH \
      "$@" 2> $OUT/$dir/$name.err | head -1)
  echo "$name $s"; }
