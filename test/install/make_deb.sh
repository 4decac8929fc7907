#!/usr/bin/env bash
# ctest make_deb: the Debian packaging (debian/, pkg/mkdeb.sh).
# dtrace-dkms is built here (dpkg-buildpackage -A compiles nothing): its
# dkms.conf is of the package's version, installs where Debian's dkms
# does and only on x86-64, its maintainer scripts are dh_dkms's, it holds
# the module's sources and nothing built, lintian finds no error in it,
# and `dkms install` of its sources builds dtrace.ko for the guest kernel,
# against the headers deps.sh unpacks under build/headers/ (scratch DKMS
# trees: the system's are untouched). The dtrace and dtrace-dbgsym packages that `make deb` left
# in BUILDDIR/deb (a full build, not run here) are checked when present:
# a stripped dtrace whose debug file is in dtrace-dbgsym, Depends from
# dpkg-shlibdeps, the man page in section 8, the whole D library, no
# lintian error. Skipped (77) without debhelper, dh-dkms or lintian.
# Usage: make_deb.sh SRCDIR BUILDDIR
set -u
src=$1 build=$2
fail() { echo "make_deb: $*" >&2; exit 1; }
for t in dpkg-buildpackage dh_dkms lintian; do
	command -v "$t" > /dev/null ||
		{ echo "make_deb: $t is missing (scripts/deps.sh); skipped"; exit 77; }
done
tmp=$(mktemp -d /tmp/make_deb.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
version=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
grep -q "^#define DTRACE_VERSION_STRING[[:space:]]*\"$version\"" "$src/kernel/uapi/dtrace/version.h" ||
	fail "debian/changelog's version $version is not the module's (kernel/uapi/dtrace/version.h)"

# Lintian's errors (E:) in a package, printed; fails when there are any.
no_lintian_errors() {
	lintian --no-cfg --allow-root "$1" > "$tmp/lintian.log" 2>&1
	if grep -q '^E: ' "$tmp/lintian.log"; then
		grep '^E: ' "$tmp/lintian.log" >&2
		fail "lintian reports errors in ${1##*/}"
	fi
}

"$src/pkg/mkdeb.sh" "$src" "$build" "$tmp/debs" -A > /dev/null || fail "mkdeb -A failed"
deb=$tmp/debs/dtrace-dkms_${version}_all.deb
[ -e "$deb" ] || fail "no dtrace-dkms_${version}_all.deb"
dpkg-deb -x "$deb" "$tmp/dkms" && dpkg-deb -e "$deb" "$tmp/dkms-ctl" || fail "dtrace-dkms does not unpack"
s=$tmp/dkms/usr/src/dtrace-$version
conf=$s/dkms.conf
grep -qx "PACKAGE_VERSION=\"$version\"" "$conf" || fail "dkms.conf is not of version $version"
grep -qx 'DEST_MODULE_LOCATION\[0\]="/updates/dkms"' "$conf" || fail "dkms.conf: DEST_MODULE_LOCATION is not /updates/dkms"
grep -qx 'BUILD_EXCLUSIVE_ARCH="x86_64"' "$conf" || fail "dkms.conf: no BUILD_EXCLUSIVE_ARCH=x86_64"
grep -q '/usr/lib/dkms/common.postinst' "$tmp/dkms-ctl/postinst" || fail "dtrace-dkms: the postinst is not dh_dkms's"
grep -q 'dkms remove' "$tmp/dkms-ctl/prerm" || fail "dtrace-dkms: the prerm does not remove the module"
dpkg-deb -f "$deb" Depends | grep -q 'dkms' || fail "dtrace-dkms does not depend on dkms"
n=$(cd "$src" && git ls-files kernel 2>/dev/null | grep -v '^kernel/user/' | grep -Ec '\.[chS]$|\.def$|\.mk$|\.sh$|/Kbuild$')
m=$(find "$s/kernel" -type f | wc -l)
[ -z "$n" ] || [ "$n" = "$m" ] || fail "dtrace-dkms holds $m of the module's $n source files"
[ -z "$(find "$s" -name '*.o' -o -name '*.ko' -o -name compat_auto.h -o -path '*/kernel/user*')" ] ||
	fail "dtrace-dkms holds build products or kernel/user"
no_lintian_errors "$deb"
checked="dtrace-dkms"

# dtrace and dtrace-dbgsym, when make deb built them from this version.
d=$build/deb/dtrace_${version}_amd64.deb
g=$build/deb/dtrace-dbgsym_${version}_amd64.deb
if [ -e "$d" ]; then
	[ -e "$g" ] || fail "make deb built dtrace but no dtrace-dbgsym"
	dpkg-deb -x "$d" "$tmp/dtrace" && dpkg-deb -x "$g" "$tmp/dbgsym" || fail "dtrace does not unpack"
	bin=$tmp/dtrace/usr/sbin/dtrace
	[ -x "$bin" ] || fail "dtrace: no /usr/sbin/dtrace"
	readelf -S "$bin" | grep -q '\.debug_info' && fail "dtrace: /usr/sbin/dtrace is not stripped"
	id=$(readelf -n "$bin" | sed -n 's/.*Build ID: \([0-9a-f]*\).*/\1/p')
	dbg=$tmp/dbgsym/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug
	[ -s "$dbg" ] || fail "dtrace-dbgsym: no debug file for build id $id"
	readelf -S "$dbg" | grep -q '\.debug_info' || fail "dtrace-dbgsym: $dbg has no .debug_info"
	dep=$(dpkg-deb -f "$d" Depends)
	grep -q 'libdw1' <<< "$dep" || fail "dtrace: Depends lacks libdw1: $dep"
	grep -q 'libbz2' <<< "$dep" && fail "dtrace: Depends names libbz2, which dtrace does not link: $dep"
	[ "$(ls "$tmp/dtrace/usr/lib/dtrace" | wc -l)" = "$(ls "$src"/libdtrace/dlib/*.d | wc -l)" ] ||
		fail "dtrace: not every D library file packaged"
	zcat "$tmp/dtrace/usr/share/man/man8/dtrace.8.gz" | grep -q '^\.TH DTRACE 8' || fail "dtrace: no man page in section 8"
	[ -e "$tmp/dtrace/usr/share/man/man1" ] && fail "dtrace: a page in section 1 (systemtap-sdt-dev's dtrace.1 is there)"
	"$bin" -V | grep -q '^dtrace: ' || fail "dtrace: the packaged dtrace -V does not run"
	no_lintian_errors "$d"
	no_lintian_errors "$g"
	checked="$checked dtrace dtrace-dbgsym"
else
	checked="$checked (dtrace itself not checked: make deb has not built $d)"
fi

# The module from the packaged sources, against the guest kernel's
# headers scripts/deps.sh unpacks under build/headers/ (test/vm/kdir).
if command -v dkms > /dev/null && kver=$("$src/test/vm/kver" 2>/dev/null) &&
	kdir=$("$src/test/vm/kdir" 2>/dev/null) && [ -e "$kdir/Makefile" ]; then
	mkdir -p "$tmp/inst/$kver"
	# --no-depmod: the scratch install tree is not /lib/modules/$kver,
	# which a host without that kernel does not have (depmod fails there).
	dkms install --no-depmod -m dtrace -v "$version" -k "$kver" --kernelsourcedir "$kdir" \
		--sourcetree "$tmp/dkms/usr/src" \
		--dkmstree "$tmp/tree" --installtree "$tmp/inst" > "$tmp/dkms.log" 2>&1 ||
		{ tail -n 20 "$tmp/dkms.log" >&2; fail "dkms install failed for $kver"; }
	ko=$(find "$tmp/inst/$kver" -name 'dtrace.ko*' | head -n1)
	[ -n "$ko" ] || fail "dkms installed no dtrace.ko"
	case $ko in */updates/dkms/*) ;; *) fail "dkms installed $ko, not under updates/dkms" ;; esac
	modinfo -F vermagic "$ko" | grep -q "^$kver " || fail "$ko is not built for $kver"
	checked="$checked; dkms built dtrace.ko for $kver"
fi
echo "make_deb: ok: $checked"
