#!/usr/bin/env bash
# make deb: the Debian packages (debian/) built by dpkg-buildpackage out
# of the source tree: the tree's files (git's, when it is a checkout) are
# copied to BUILDDIR/deb-src/dtrace-<version>, built there (its obj/
# stays for the next run) and the packages moved to OUTDIR:
#   dtrace          the command, the D library, <sys/dtrace.h>, the man page
#   dtrace-dbgsym   dtrace's debug symbols (dh_strip)
#   dtrace-dkms     the module's sources and dkms.conf (dh_dkms)
# Usage: pkg/mkdeb.sh SRCDIR BUILDDIR OUTDIR [dpkg-buildpackage options]
# (-A: dtrace-dkms alone, which compiles nothing.)
set -euo pipefail
src=$(realpath "$1") build=$2 out=$3; shift 3
die() { echo "mkdeb: $*" >&2; exit 1; }
for t in dpkg-buildpackage dh dh_dkms; do
	command -v "$t" > /dev/null || die "$t is missing (scripts/deps.sh installs debhelper and dh-dkms)"
done
version=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
mkdir -p "$build/deb-src" "$out"
top=$(realpath "$build/deb-src")
tree=$top/dtrace-$version
mkdir -p "$tree"
# The source files only: never build/ (where this runs) or a module
# built in kernel/.
if git -C "$src" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
	(cd "$src" && git ls-files -co --exclude-standard) > "$top/files"
else
	(cd "$src" && find . -path ./build -prune -o -type f -print | sed 's|^\./||') > "$top/files"
fi
# Files deleted in the work tree but still known to git are skipped. A
# file whose content changed is copied with a new time, so that obj/
# rebuilds what it affects, and only such a file (a source edited while
# an earlier build ran is older than that build's objects).
(cd "$src" && while read -r f; do [ -e "$f" ] && printf '%s\n' "$f"; done < "$top/files") |
	sort > "$top/files.present"
rm -rf "$top/new" && mkdir "$top/new"
tar -C "$src" -cf - -T "$top/files.present" | tar -C "$top/new" -xf -
{ diff -rq "$top/new" "$tree" 2>/dev/null || true; } |
	sed -n "s|^Files $top/new/\(.*\) and .* differ\$|\1|p; s|^Only in $top/new/*\(.*\): \(.*\)\$|\1/\2|p" |
	sed 's|^/||' | while read -r f; do
		mkdir -p "$(dirname "$tree/$f")"
		cp -R "$top/new/$f" "$(dirname "$tree/$f")/"
	done
rm -rf "$top/new"
# Sources deleted since the last copy go too (not obj/ nor debian/'s
# build products, which dh_prep and dh_clean look after).
(cd "$tree" && find . -path ./obj -prune -o -path ./debian -prune -o -type f -print | sed 's|^\./||' | sort) |
	comm -23 - "$top/files.present" | (cd "$tree" && xargs -r rm -f)
# dh skips the build when its stamp says it was done: obj/ is built
# again (incrementally) every time.
rm -f "$tree/debian/debhelper-build-stamp" "$tree/debian/files"
rm -f "$top"/*.deb "$top"/*.ddeb "$top"/*.changes "$top"/*.buildinfo
[ $# -gt 0 ] || set -- -b
(cd "$tree" && dpkg-buildpackage -us -uc -nc "$@") > "$top/build.log" 2>&1 ||
	{ tail -n 30 "$top/build.log" >&2; die "dpkg-buildpackage failed (all of it: $top/build.log)"; }
for f in "$top"/*.deb "$top"/*.ddeb; do
	[ -e "$f" ] || continue
	mv -f "$f" "$out/"
	echo "mkdeb: $out/${f##*/}"
done
