#!/usr/bin/env bash
# ctest make_install: `make install-files` (what `make install` copies
# once it has built) into a scratch DESTDIR puts dtrace in PREFIX/sbin,
# the D library in PREFIX/lib/dtrace and the module under
# /lib/modules/<kernel>/extra, both stripped (dtrace's debug symbols under
# PREFIX/lib/debug/.build-id), the man page and <sys/dtrace.h> in
# PREFIX/include; the installed dtrace runs, looks for its
# D library where it was installed, and compiles a script that needs
# that library (curpsinfo, from procfs.d) from there.
# Usage: make_install.sh SRCDIR BUILDDIR PREFIX
set -u
src=$1 build=$2 prefix=$3
dest=$(mktemp -d /tmp/make_install.XXXXXX)
trap 'rm -rf "$dest"' EXIT
fail() { echo "make_install: $*" >&2; exit 1; }

if [ ! -e "$build/kernel/dtrace.ko" ]; then
	echo "make_install: the module is not built (make all); skipped"
	exit 77
fi
make -s -C "$src" install-files DESTDIR="$dest" BUILD="$build" PREFIX="$prefix" ||
	fail "make install-files failed"
dt=$dest$prefix/sbin/dtrace
[ -x "$dt" ] || fail "no $prefix/sbin/dtrace"
ls "$dest$prefix"/lib/dtrace/*.d > /dev/null 2>&1 || fail "no D library in $prefix/lib/dtrace"
[ "$(ls "$dest$prefix/lib/dtrace" | wc -l)" = "$(ls "$src"/libdtrace/dlib/*.d | wc -l)" ] ||
	fail "not every D library file installed"
ls "$dest"/lib/modules/*/extra/dtrace.ko > /dev/null 2>&1 || fail "no module under /lib/modules/*/extra"
readelf -S "$dest"/lib/modules/*/extra/dtrace.ko | grep -q '\.debug_info' && fail "the module is not stripped"
readelf -S "$dest$prefix/sbin/dtrace" | grep -q '\.debug_info' && fail "dtrace is not stripped"
id=$(readelf -n "$dest$prefix/sbin/dtrace" | sed -n 's/.*Build ID: \([0-9a-f]*\).*/\1/p')
[ -s "$dest$prefix/lib/debug/.build-id/${id:0:2}/${id:2}.debug" ] ||
	fail "no debug file for dtrace's build id $id under $prefix/lib/debug/.build-id"
[ -s "$dest$prefix/share/man/man8/dtrace.8" ] || fail "no man page"
[ -s "$dest$prefix/share/bash-completion/completions/dtrace" ] || fail "no bash completion"
grep -q '^#define DTRACEFLT_BADADDR' "$dest$prefix/include/sys/dtrace.h" ||
	fail "no $prefix/include/sys/dtrace.h with the fault codes"
"$dt" -V | grep -q '^dtrace: ' || fail "installed dtrace -V does not run"
grep -aq "$prefix/lib/dtrace" "$dt" || fail "dtrace does not look for its library in $prefix/lib/dtrace"
"$dt" -e -x syslibdir="$dest$prefix/lib/dtrace" \
	-n 'proc:::exec-success { trace(curpsinfo->pr_psargs); }' ||
	fail "the installed library does not compile curpsinfo"
echo "make_install: ok"
