#!/usr/bin/env bash
# ctest make_deb: `make deb` builds dtrace, dtrace-dbgsym and dtrace-dkms;
# each holds what it should (a stripped dtrace whose debug file matches
# its build id, the D library, the man page; the module's sources and a
# dkms.conf of the package's version), and `dkms install` of the
# dtrace-dkms sources builds dtrace.ko for the guest kernel, against the
# headers scripts/deps.sh unpacks under build/headers/ (test/vm/kdir; into
# scratch DKMS trees: the system's are untouched).
# Skipped (77) when the module has not been built or dkms is missing.
# Usage: make_deb.sh SRCDIR BUILDDIR
set -u
src=$1 build=$2
fail() { echo "make_deb: $*" >&2; exit 1; }
if [ ! -e "$build/kernel/dtrace.ko" ] || ! command -v dkms >/dev/null; then
	echo "make_deb: the module is not built or dkms is not installed; skipped"
	exit 77
fi
tmp=$(mktemp -d /tmp/make_deb.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
version=$(sed -n 's/^#define DTRACE_VERSION_STRING[[:space:]]*"\(.*\)".*/\1/p' \
	"$src/kernel/uapi/dtrace/version.h")
"$src/pkg/mkdeb.sh" "$src" "$build" "$tmp/debs" > /dev/null || fail "mkdeb failed"
for p in dtrace dtrace-dbgsym dtrace-dkms; do
	f=$(ls "$tmp"/debs/${p}_"$version"_*.deb 2>/dev/null) || fail "no $p package"
	dpkg-deb -x "$f" "$tmp/$p" || fail "$p does not unpack"
	dpkg-deb -f "$f" Package Version Description > /dev/null || fail "$p: bad control"
done

d=$tmp/dtrace
[ -x "$d/usr/sbin/dtrace" ] || fail "dtrace: no /usr/sbin/dtrace"
readelf -S "$d/usr/sbin/dtrace" | grep -q '\.debug_info' && fail "dtrace: /usr/sbin/dtrace is not stripped"
size=$(stat -c %s "$d/usr/sbin/dtrace")
[ "$size" -lt $((8 << 20)) ] || fail "dtrace: /usr/sbin/dtrace is $size bytes"
"$d/usr/sbin/dtrace" -V | grep -q '^dtrace: ' || fail "dtrace: the packaged dtrace -V does not run"
[ "$(ls "$d/usr/lib/dtrace" | wc -l)" = "$(ls "$src"/libdtrace/dlib/*.d | wc -l)" ] ||
	fail "dtrace: not every D library file packaged"
zcat "$d/usr/share/man/man8/dtrace.8.gz" | grep -q '^\.TH DTRACE 8' || fail "dtrace: no man page"
dpkg-deb -f "$tmp"/debs/dtrace_*.deb Depends | grep -q 'libdw1' || fail "dtrace: Depends lacks libdw1"

id=$(readelf -n "$d/usr/sbin/dtrace" | sed -n 's/.*Build ID: \([0-9a-f]*\).*/\1/p')
dbg=$tmp/dtrace-dbgsym/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug
[ -s "$dbg" ] || fail "dtrace-dbgsym: no debug file for build id $id"
readelf -S "$dbg" 2>/dev/null | grep -q '\.debug_info' || fail "dtrace-dbgsym: $dbg has no .debug_info"

s=$tmp/dtrace-dkms/usr/src/dtrace-$version
grep -qx "PACKAGE_VERSION=\"$version\"" "$s/dkms.conf" || fail "dtrace-dkms: dkms.conf is not of version $version"
kver=$("$src/test/vm/kver") || fail "no kernel version (test/vm/kver)"
kdir=$("$src/test/vm/kdir") || fail "no headers of $kver (test/vm/kdir)"
mkdir -p "$tmp/inst/$kver"
dkms install -m dtrace -v "$version" -k "$kver" --kernelsourcedir "$kdir" \
	--sourcetree "$tmp/dtrace-dkms/usr/src" \
	--dkmstree "$tmp/tree" --installtree "$tmp/inst" > "$tmp/dkms.log" 2>&1 ||
	{ tail -n 20 "$tmp/dkms.log" >&2; fail "dkms install failed for $kver"; }
ko=$(find "$tmp/inst/$kver" -name 'dtrace.ko*' | head -n1)
[ -n "$ko" ] || fail "dkms installed no dtrace.ko"
modinfo -F vermagic "$ko" | grep -q "^$kver " || fail "$ko is not built for $kver"
echo "make_deb: ok ($(ls "$tmp/debs" | tr '\n' ' '); dkms built dtrace.ko for $kver)"
