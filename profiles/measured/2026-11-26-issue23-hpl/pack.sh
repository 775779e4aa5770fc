#!/bin/bash
# Issue 23 (HPL on one H200) and issue 24 (two ranks on two H200s): the GPU machines have no
# hpcc and no Open MPI. Run here, from the checkout root, after `apt-get install hpcc`
# (scripts/setup installs openmpi-bin): copies Debian's hpcc, Open MPI's runtime (mpirun,
# its libraries and plugins, help files, configuration) and the libraries they need that an
# Ubuntu 24.04 image may lack into .dev/mpi, to be carried with .dev; mpi-env.sh sets Open MPI's
# relocation variables (OPAL_PREFIX and the directories it would otherwise take from Debian's
# paths) for a tree there.
set -eu
D=.dev/mpi
rm -rf $D && mkdir -p $D/bin $D/lib $D/lib/openmpi3 $D/share/openmpi $D/etc
cp /usr/bin/hpcc /usr/bin/orterun /usr/bin/orted $D/bin/
ln -s orterun $D/bin/mpirun
multiarch=/usr/lib/x86_64-linux-gnu
# The libraries hpcc and mpirun load, but the C library's own and libblas.so.3 (OpenBLAS from
# .gpu, or blasroute, is given at run time).
for binary in /usr/bin/hpcc /usr/bin/orterun; do
  ldd $binary | awk '$3 ~ /^\// {print $3}'
done | sort -u | grep -v -E 'libc\.so|libm\.so|ld-linux|libblas\.so|libopenblas' |
  while read -r lib; do cp -L "$lib" $D/lib/; done
cp -L $multiarch/libmca_common_*.so.* $D/lib/ 2> /dev/null || true
cp -a $multiarch/openmpi/lib/openmpi3/. $D/lib/openmpi3/
cp -a /usr/share/openmpi/. $D/share/openmpi/
cp -a /etc/openmpi/. $D/etc/
du -sh $D
