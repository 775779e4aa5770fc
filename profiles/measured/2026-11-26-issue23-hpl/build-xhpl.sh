#!/bin/bash
# HPL 2.3 (netlib's xhpl) for the HPL runs, built here against Debian's Open MPI and linked to
# libblas.so.3 (the BLAS the run puts first: OpenBLAS alone, or blasroute through LD_PRELOAD).
# Why not Debian's hpcc alone: hpcc runs every HPC Challenge test before HPL, each sized by
# HPL's N (RandomAccess's table is half of N^2 doubles), and has no way to skip them: at
# N = 8000 they took 52 of its 59 s on the development machine, at N = 40000 (25 times the
# memory) they would outlast the GPU machine's 10-minute call. hpcc's HPL is this HPL.
#     bash build-xhpl.sh SOURCE    # SOURCE: a checkout of github.com/icl-utk-edu/hpl
# (used: 9edeab5e1713116c4231e5d3aa6159b5b747ede8, HPL 2.3); needs libopenmpi-dev, autoconf,
# automake; writes .dev/mpi/bin/xhpl (run pack.sh first: it empties .dev/mpi).
set -eu
src=${1:?an HPL checkout}
top=$PWD
work=$(mktemp -d)
git clone -q "$src" $work/hpl
cd $work/hpl
git log -1 --format='HPL %H'
autoreconf -fi > autoreconf.log 2>&1
./configure -q CC=mpicc > configure.log 2>&1
make -j"$(nproc)" > make.log 2>&1
# configure links OpenBLAS by name when it finds it; relink to the system BLAS's name instead
cd testing
objects=$(find . -name '*.o' | sort)
mpicc -O2 -o xhpl $objects ../src/libhpl.a -lblas -lm
mkdir -p $top/.dev/mpi/bin
cp xhpl $top/.dev/mpi/bin/xhpl
ldd $top/.dev/mpi/bin/xhpl | grep -E 'blas|mpi'
rm -rf $work
