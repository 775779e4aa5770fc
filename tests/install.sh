#!/bin/sh
# The installed library, used the two ways that need an installation: (b) as the system's
# libblas.so.3 through the links under $(libdir)/blasroute, picked up by LD_LIBRARY_PATH by a
# program linked with -lblas; (c) linked directly with -lblasroute through blasroute.pc.
# (Way (a), LD_PRELOAD, is what tests/netlib.sh and tests/numpy.sh use.)
. "$top_srcdir/tests/tap.sh"
plan 5
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
dest="$tmp/root"
${MAKE:-make} -s -C "$top_builddir" install DESTDIR="$dest" > "$tmp/install.log" 2>&1
ok $? "make install into a staging directory"
diag_file "$tmp/install.log"
libdir=$(pkg-config --variable=libdir "$top_builddir/blasroute.pc")

[ -f "$dest$libdir/libblasroute.so.0" ] && [ -f "$dest$libdir/pkgconfig/blasroute.pc" ] &&
    [ "$(readlink "$dest$libdir/blasroute/libblas.so.3")" = ../libblasroute.so.0 ] &&
    [ "$(readlink "$dest$libdir/blasroute/libcblas.so.3")" = ../libblasroute.so.0 ]
ok $? "installs libblasroute.so.0, blasroute.pc and the libblas.so.3 and libcblas.so.3 links"

# (b) An unmodified program linked with -lblas, pointed at the links.
LD_LIBRARY_PATH="$dest$libdir/blasroute" "$top_builddir/tests/call_dgemm" > "$tmp/b.out" 2>&1 &&
    grep -q '^blasroute: yes' "$tmp/b.out"
ok $? "a program linked with -lblas runs on blasroute as its libblas.so.3"
diag_file "$tmp/b.out"

# (c) A program built with pkg-config's flags.
flags=$(PKG_CONFIG_SYSROOT_DIR="$dest" PKG_CONFIG_PATH="$dest$libdir/pkgconfig" pkg-config --cflags --libs blasroute)
${CC:-cc} -o "$tmp/direct" "$top_srcdir/tests/call_dgemm.c" $flags -ldl -lm > "$tmp/cc.log" 2>&1
ok $? "a program builds with \`pkg-config --cflags --libs blasroute\` ($flags)"
diag_file "$tmp/cc.log"
LD_LIBRARY_PATH="$dest$libdir" "$tmp/direct" > "$tmp/c.out" 2>&1 && grep -q '^blasroute: yes' "$tmp/c.out" &&
    LD_LIBRARY_PATH="$dest$libdir" ldd "$tmp/direct" | grep -q 'libblasroute.so.0' &&
    ! LD_LIBRARY_PATH="$dest$libdir" ldd "$tmp/direct" | grep -q 'libblas.so.3'
ok $? "linked directly with -lblasroute, it runs on blasroute alone"
diag_file "$tmp/c.out"
