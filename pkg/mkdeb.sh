#!/usr/bin/env bash
# make deb: Debian packages from a built tree, with dpkg-deb alone.
#   dtrace         the command (stripped), the D library, the man page
#   dtrace-dbgsym  dtrace's debug symbols, under /usr/lib/debug/.build-id
#   dtrace-dkms    the module's source and dkms.conf; installing it builds
#                  dtrace.ko for every installed kernel (dkms autoinstall)
# The module itself is not packaged built: dtrace-dkms builds it on the
# target for each kernel. Usage: pkg/mkdeb.sh SRCDIR BUILDDIR OUTDIR
set -euo pipefail
src=$1 build=$2 out=$3
die() { echo "mkdeb: $*" >&2; exit 1; }
[ -x "$build/dtrace" ] || die "$build/dtrace is not built (make all)"
version=$(sed -n 's/^#define DTRACE_VERSION_STRING[[:space:]]*"\(.*\)".*/\1/p' \
	"$src/kernel/uapi/dtrace/version.h")
[ -n "$version" ] || die "no DTRACE_VERSION_STRING in kernel/uapi/dtrace/version.h"
arch=$(dpkg --print-architecture)
maint="dtrace for Linux developers <dtrace@localhost>"
mkdir -p "$out"
work=$(mktemp -d /tmp/mkdeb.XXXXXX)
trap 'rm -rf "$work"' EXIT

# The Debian package that ships a shared library, with its version.
lib_dep() {
	local path=$1 pkg
	pkg=$(dpkg -S "$path" 2>/dev/null || dpkg -S "/usr$path" 2>/dev/null ||
	      dpkg -S "$(realpath "$path")" 2>/dev/null) || return 0
	pkg=${pkg%%:*}
	echo "$pkg (>= $(dpkg-query -W -f='${Version}' "$pkg" | sed 's/-[^-]*$//'))"
}
shlib_deps() {
	ldd "$1" | awk '$3 ~ /^\// { print $3 }' | while read -r p; do lib_dep "$p"; done |
		sort -u | paste -sd, | sed 's/,/, /g'
}

# control DIR PACKAGE ARCH DEPENDS RECOMMENDS DESCRIPTION...
control() {
	local dir=$1 name=$2 a=$3 deps=$4 recs=$5; shift 5
	mkdir -p "$dir/DEBIAN"
	{
		echo "Package: $name"
		echo "Version: $version"
		echo "Architecture: $a"
		echo "Maintainer: $maint"
		echo "Section: devel"
		echo "Priority: optional"
		[ -n "$deps" ] && echo "Depends: $deps"
		[ -n "$recs" ] && echo "Recommends: $recs"
		echo "Installed-Size: $(du -sk --exclude=DEBIAN "$dir" | cut -f1)"
		printf 'Description: %s\n' "$1"; shift
		for line in "$@"; do printf ' %s\n' "$line"; done
	} > "$dir/DEBIAN/control"
}
build_deb() {
	dpkg-deb --root-owner-group -Zxz --build "$1" "$out/$2_${version}_$3.deb" >/dev/null
	echo "mkdeb: $out/$2_${version}_$3.deb"
}

# What make install puts in place, staged: dtrace (stripped), its debug
# symbols (to dtrace-dbgsym), the D library and the man page.
stage=$work/stage
make -s -C "$src" install-files DESTDIR="$stage" BUILD="$build" PREFIX=/usr >/dev/null ||
	die "make install-files failed"
d=$work/dtrace
mkdir -p "$d/usr" "$work/dbgsym/usr/lib"
mv "$stage/usr/lib/debug" "$work/dbgsym/usr/lib/debug"
mv "$stage/usr/sbin" "$stage/usr/lib" "$stage/usr/share" "$stage/usr/include" "$d/usr/"
gzip -9n "$d/usr/share/man/man8/dtrace.8"
install -D -m 0644 "$src/pkg/copyright" "$d/usr/share/doc/dtrace/copyright"
control "$d" dtrace "$arch" "$(shlib_deps "$build/dtrace")" "dtrace-dkms (= $version)" \
	"dynamic tracing compiler and tracing utility" \
	"dtrace compiles D programs and runs them on the dtrace kernel module" \
	"(package dtrace-dkms), printing what DTrace users expect."
build_deb "$d" dtrace "$arch"

install -D -m 0644 "$src/pkg/copyright" "$work/dbgsym/usr/share/doc/dtrace-dbgsym/copyright"
control "$work/dbgsym" dtrace-dbgsym "$arch" "dtrace (= $version)" "" \
	"debug symbols for dtrace" "Separate debug information of /usr/sbin/dtrace."
build_deb "$work/dbgsym" dtrace-dbgsym "$arch"

# dtrace-dkms: the module's sources (what kernel/Kbuild builds) and dkms.conf.
k=$work/dkms
s=$k/usr/src/dtrace-$version
mkdir -p "$s"
(cd "$src" && git ls-files -- kernel 2>/dev/null || find kernel -type f) |
	grep -v '^kernel/user/' | while read -r f; do
		install -D -m 0644 "$src/$f" "$s/$f"
	done
sed "s/@VERSION@/$version/" "$src/pkg/dkms.conf.in" > "$s/dkms.conf"
install -D -m 0644 "$src/pkg/copyright" "$k/usr/share/doc/dtrace-dkms/copyright"
cat > "$k/DEBIAN-postinst" <<POST
#!/bin/sh
set -e
if [ "\$1" = configure ]; then
	dkms add -m dtrace -v $version >/dev/null 2>&1 || true
	dkms autoinstall >/dev/null 2>&1 || echo "dtrace-dkms: dkms could not build dtrace.ko (are linux-headers installed?)" >&2
fi
POST
cat > "$k/DEBIAN-prerm" <<PRE
#!/bin/sh
set -e
dkms remove -m dtrace -v $version --all >/dev/null 2>&1 || true
PRE
control "$k" dtrace-dkms all dkms "" \
	"dtrace kernel module source for DKMS" \
	"The dtrace.ko kernel module, rebuilt by DKMS for each installed kernel."
install -m 0755 "$k/DEBIAN-postinst" "$k/DEBIAN/postinst"
install -m 0755 "$k/DEBIAN-prerm" "$k/DEBIAN/prerm"
rm "$k/DEBIAN-postinst" "$k/DEBIAN-prerm"
build_deb "$k" dtrace-dkms all
