# Sourced on the GPU machine from the checkout root: Open MPI's runtime from .dev/mpi (pack.sh),
# relocated, and hpcc on the PATH. Open MPI as root needs its two consents; ranks talk through
# shared memory (vader) on one node.
D=$PWD/.dev/mpi
export PATH=$D/bin:$PATH LD_LIBRARY_PATH=$D/lib:${LD_LIBRARY_PATH:-}
export OPAL_PREFIX=$D OPAL_EXEC_PREFIX=$D OPAL_BINDIR=$D/bin OPAL_LIBDIR=$D/lib \
  OPAL_PKGLIBDIR=$D/lib/openmpi3 OPAL_DATADIR=$D/share OPAL_PKGDATADIR=$D/share/openmpi \
  OPAL_SYSCONFDIR=$D/etc
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader \
  OMPI_MCA_plm_rsh_agent=false
