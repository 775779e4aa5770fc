# Sourced by the measurement scripts (profiles/measured/*/runN.sh) on the GPU machine, from the
# checkout root (.gpu and .dev carried, or .dev/bundle alone: bundle.sh): the GPU machine's
# OpenCL and OpenBLAS, the reference LAPACK over OpenBLAS (.dev/lapack/libblas.so.3 made a
# link to it), blasroute's build as $L, the machine's name in $OUT/machine.txt, and
#   stream ORDER ROUTINE MODE VAR=VALUE...   one reference-LAPACK stream on an empty cache,
#                                            printing "ROUTINE MODE VARS SECONDS"
# (from 2026-11-26, session 5, the NVIDIA driver's own kernel cache is kept in blasroute's
# cache directory: a first run compiles in every mode, whichever ran before it)
set -u
# Carried packed (profiles/measured/bundle.sh): unpacked first, with Python's xz (the GPU
# machine's image need not have the xz tool).
if [ ! -e .gpu/env.sh ] && [ -e .dev/bundle/gpu-dev.tar.xz ]; then
  python3 -c 'import tarfile; tarfile.open(".dev/bundle/gpu-dev.tar.xz").extractall()'
fi
source .gpu/env.sh > /dev/null
ln -sf $PWD/.gpu/lib/libopenblas.so.0 .dev/lapack/libblas.so.3
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH
L=$PWD/.dev/lib/libblasroute.so.0
# The CPU BLAS's kernels named for the CPU's instruction set: the GPU machines' virtual CPUs
# ("Intel(R) Xeon(R) Processor") hide their model, and Debian's OpenBLAS 0.3.21 then takes its
# Prescott (SSE3) kernels, at a fraction of the CPU's speed, and crashed in dgemm at 32 threads
# (2026-11-26, HPL on nvidia-h200-x2). From that day every record names the kernels it used.
if grep -q -w avx512f /proc/cpuinfo; then export OPENBLAS_CORETYPE=SkylakeX
elif grep -q -w avx2 /proc/cpuinfo; then export OPENBLAS_CORETYPE=Haswell; fi
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; nproc
  echo "OPENBLAS_CORETYPE=${OPENBLAS_CORETYPE:-unset}"; } > $OUT/machine.txt 2>&1
cat $OUT/machine.txt
stream() {
  order=$1 routine=$2 mode=$3; shift 3
  rm -rf /tmp/c-stream
  s=$(env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=/tmp/c-stream CUDA_CACHE_PATH=/tmp/c-stream/nvidia \
      BLASROUTE_MODE=$mode "$@" \
      LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH .dev/bin/lapack-stream $order $routine \
      | awk '{print $3}')
  echo "$routine $mode $* $s"; }
# suite NAME TIMEOUT ARGS...: the workload suite, its table in $OUT/suite-NAME.txt (with the
# build's blasroute-prepare in .dev/bin as the helper auto mode's first runs leave for the next:
# the GPU machine has none installed; from session 17)
suite() {
  name=$1 limit=$2; shift 2
  [ -x .dev/bin/blasroute-prepare ] && set -- --prepare-helper $PWD/.dev/bin/blasroute-prepare "$@"
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
  s=$(env LD_PRELOAD=$L BLASROUTE_CACHE_DIR=$cache CUDA_CACHE_PATH=$cache/nvidia \
      BLASROUTE_MODE=$mode BLASROUTE_REPORT=1 \
      BLASROUTE_TRACE=$OUT/$dir/$name.csv LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH \
      "$@" 2> $OUT/$dir/$name.err | head -1)
  echo "$name $s"; }
# modes NAME ORDER COMMAND...: COMMAND in auto mode on an empty cache and again on the cache it
# left, in cpu mode, in device mode on an empty cache and again, each traced into
# $OUT/NAME-ORDER/{cold,warm,cpu,device,device-warm}.{csv,err}; printing one line each.
modes() {
  local w=$1-$2 c=/tmp/c-$1-$2; shift 2
  rm -rf $c $c-d $c-c
  traced $w cold auto $c "$@"
  traced $w warm auto $c "$@"
  traced $w cpu cpu $c-c "$@"
  traced $w device device $c-d "$@"
  traced $w device-warm device $c-d "$@"; }
# bench_row DIR NAME PRECISION ROUTINE SIZES MODES VAR=VALUE...: one blasroute-bench row in a
# process of its own on an empty cache (/tmp/c-DIR) after a warm-up pass at 512, modes MODES,
# 5 rounds with 250 ms pauses, traced into $OUT/DIR/NAME.csv, printing "NAME ROW"
bench_row() {
  local dir=$1 name=$2 p=$3 r=$4 sizes=$5 modes=$6; shift 6
  rm -rf /tmp/c-$dir; mkdir -p $OUT/$dir
  env BLASROUTE_CACHE_DIR=/tmp/c-$dir "$@" .dev/bin/blasroute-bench --routine $r --precision $p \
      --sizes 512 --modes auto --repeat 1 --no-cpu --no-clblast --no-nvblas > /dev/null 2>&1
  env BLASROUTE_CACHE_DIR=/tmp/c-$dir BLASROUTE_TRACE=$OUT/$dir/$name.csv "$@" \
      .dev/bin/blasroute-bench --routine $r --precision $p --sizes $sizes --modes $modes \
      --repeat 1 --rounds 5 --pause 250 --no-cpu --no-clblast --no-nvblas 2>&1 | tail -1 |
      sed "s/^/$name /"; }
# reads ORDER WORKLOADS...: each reference-LAPACK stream of ORDER in auto mode, 4 times cold (an
# empty cache) and warm, with what the one-off reads took inside the call that made them and,
# where the kernel driver's GPU list was read, what that took off the calls; into $OUT/reads.txt
reads() {
  local order=$1; shift
  for w in "$@"; do
    rm -rf /tmp/cw1
    for i in 1 2 3 4; do
      for state in cold warm; do
        [ $state = cold ] && rm -rf /tmp/cc1
        c=/tmp/cw1; [ $state = cold ] && c=/tmp/cc1
        out=$(env LD_PRELOAD=$L BLASROUTE_MODE=auto BLASROUTE_CACHE_DIR=$c BLASROUTE_VERBOSE=1 \
              CUDA_CACHE_PATH=$c/nvidia LD_LIBRARY_PATH=$PWD/.dev/lapack:$LD_LIBRARY_PATH \
              .dev/bin/lapack-stream $order $w 2>&1)
        echo "$w $state $(echo "$out" | head -1 | awk '{print $3}') | $(echo "$out" |
          grep -o 'took [0-9.]* ms inside\|valued in [0-9.]* ms, off' | tr '\n' ' ')"
      done
    done
  done | tee $OUT/reads.txt; }
# pack: everything under $OUT but machine.txt in one archive (the device tool brings back a
# handful of files only)
pack() {
  cd $OUT && tar czf all.tgz --exclude=all.tgz --exclude=machine.txt * &&
    find . -mindepth 1 -maxdepth 1 ! -name all.tgz ! -name machine.txt -exec rm -rf {} +; }
