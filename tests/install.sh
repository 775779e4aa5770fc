#!/bin/sh
# The installed library, used the two ways that need an installation: (b) as the system's
# libblas.so.3 through the links under $(libdir)/blasroute, picked up by LD_LIBRARY_PATH by a
# program linked with -lblas; (c) linked directly with -lblasroute through blasroute.pc.
# (Way (a), LD_PRELOAD, is what tests/netlib.sh and tests/numpy.sh use.) The manual pages
# render with man. Then, in a throwaway
# root with the reference BLAS registered as Debian registers it, blasroute-alternatives
# makes blasroute the libblas.so.3 group's choice and gives it back; and `make uninstall`
# leaves no file or link behind.
. "$top_srcdir/tests/tap.sh"
plan 8
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
dest="$tmp/root"
${MAKE:-make} -s -C "$top_builddir" install DESTDIR="$dest" > "$tmp/install.log" 2>&1
ok $? "make install into a staging directory"
diag_file "$tmp/install.log"
libdir=$(pkg-config --variable=libdir "$top_builddir/blasroute.pc")

[ -f "$dest$libdir/libblasroute.so.0" ] && [ -f "$dest$libdir/pkgconfig/blasroute.pc" ] &&
    [ "$(readlink "$dest$libdir/blasroute/libblas.so.3")" = ../libblasroute.so.0 ] &&
    [ "$(readlink "$dest$libdir/blasroute/libcblas.so.3")" = ../libblasroute.so.0 ] &&
    helper=$(grep -a -o '/[^[:space:]]*/blasroute-prepare' "$dest$libdir/libblasroute.so.0" | head -n 1) &&
    [ -n "$helper" ] && [ -x "$dest$helper" ]
ok $? "installs libblasroute.so.0, blasroute.pc, the libblas.so.3 and libcblas.so.3 links, and the prepare helper where the library starts it (${helper:-not named})"

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

# The manual pages: installed, and `man` renders each (blasroute(7) with its ENVIRONMENT from
# blasroute-info's table).
mandir=$(dirname "$(find "$dest" -name blasroute.7 | head -n 1)" 2> /dev/null)
mandir=${mandir%/man7}
rendered=""
if command -v man > /dev/null 2>&1 && [ -n "$mandir" ]; then
    for page in 7:blasroute 1:blasroute-info 1:blasroute-bench 1:blasroute-tune; do
        MANPATH="$mandir" MANWIDTH=80 man "${page%%:*}" "${page#*:}" 2> "$tmp/man.err" |
            grep -q '^NAME' && rendered="$rendered ${page#*:}"
    done
    MANPATH="$mandir" MANWIDTH=80 man 7 blasroute 2> /dev/null > "$tmp/man7"
    [ "$rendered" = " blasroute blasroute-info blasroute-bench blasroute-tune" ] &&
        grep -q 'BLASROUTE_DEVICE_MEMORY' "$tmp/man7" && ! grep -q 'BLASROUTE_TEST_' "$tmp/man7"
    ok $? "man renders the installed pages:${rendered:- none} (blasroute(7) lists the variables, not the test-only ones)"
    diag_file "$tmp/man.err"
else
    skip "man renders the installed pages" "no man command (Debian's man-db)"
fi

# update-alternatives in a throwaway root: the reference as Debian registers it (priority 10),
# then blasroute's script; its group's value, then after remove the reference again.
root="$tmp/system"
mkdir -p "$root/var/lib/dpkg/alternatives" "$root/etc/alternatives" \
    "$root/usr/lib/x86_64-linux-gnu/blas"
if ! command -v update-alternatives > /dev/null 2>&1; then
    skip "blasroute-alternatives in a throwaway root" "no update-alternatives (not Debian)"
else
    ${MAKE:-make} -s -C "$top_builddir" install DESTDIR="$root" > "$tmp/root-install.log" 2>&1
    script=$(find "$root" -name blasroute-alternatives -type f | head -n 1)
    group=libblas.so.3-x86_64-linux-gnu
    ln -s "$BLASROUTE_REFERENCE_BLAS" "$root/usr/lib/x86_64-linux-gnu/blas/libblas.so.3"
    update-alternatives --root "$root" --quiet --install /usr/lib/x86_64-linux-gnu/libblas.so.3 \
        $group /usr/lib/x86_64-linux-gnu/blas/libblas.so.3 10 > "$tmp/ua.log" 2>&1
    value() { update-alternatives --root "$root" --query $group | sed -n 's/^Value: //p'; }
    "$script" install --root "$root" >> "$tmp/ua.log" 2>&1
    chosen=$(value) link=$(readlink "$root/etc/alternatives/$group")
    "$script" remove --root "$root" >> "$tmp/ua.log" 2>&1
    after=$(value)
    [ "$chosen" = "$libdir/blasroute/libblas.so.3" ] && [ "$link" = "$chosen" ] &&
        [ "$after" = /usr/lib/x86_64-linux-gnu/blas/libblas.so.3 ] &&
        [ "$(readlink "$root/usr/lib/x86_64-linux-gnu/libblas.so.3")" = "/etc/alternatives/$group" ]
    ok $? "blasroute-alternatives in a throwaway root: libblas.so.3 is blasroute's ($chosen), then the reference again after remove ($after)"
    diag_file "$tmp/ua.log"
fi

# make uninstall: nothing of blasroute's is left under the staging directory.
${MAKE:-make} -s -C "$top_builddir" uninstall DESTDIR="$dest" > "$tmp/uninstall.log" 2>&1
left=$(find "$dest" -type f -o -type l | head -n 5)
[ -z "$left" ]
ok $? "make uninstall leaves no file or link (left: ${left:-none})"
diag_file "$tmp/uninstall.log"
