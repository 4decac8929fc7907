#!/usr/bin/env bash
# Format the C and C++ sources with clang-format (14 or later); other
# files named (scripts, Kbuild) are left alone.
#   scripts/format.sh [FILE...]          rewrite the files (default: all)
#   scripts/format.sh --check [FILE...]  change nothing; fail, naming each
#                                        file and line, if any would change
#   scripts/format.sh --stat [FILE...]   change nothing; count the files and
#                                        lines a reformat would touch
# C++ (*.cc, and headers that start with a // comment) follows .clang-format;
# C (everything under kernel/, *.c elsewhere, headers that start with /*)
# follows kernel/.clang-format, the Linux kernel's style. Files are those git
# tracks, less test inputs that are not our code (test/d/preprocessor/),
# usdt/dtrace_sdt.h, whose probe-site macros are laid out by hand, go
# verbatim into the headers dtrace -h writes, and do not format stably, and
# kernel/prov/stable_table.h, an X-macro expander clang-format takes for
# Objective-C (it refuses the file) and whose one-line macros read best.
# CLANG_FORMAT names the binary (default: clang-format).
set -euo pipefail

die() { echo "format.sh: error: $*" >&2; exit 2; }

root=$(cd "$(dirname "$0")/.." && pwd)
cf=${CLANG_FORMAT:-clang-format}
mode=apply
case "${1:-}" in
--check) mode=check; shift ;;
--stat) mode=stat; shift ;;
--help|-h) sed -n '2,13p' "$0"; exit 0 ;;
-*) die "unknown option $1 (--check, --stat)" ;;
esac

command -v "$cf" >/dev/null || die "$cf not found (scripts/deps.sh installs clang-format)"
ver=$("$cf" --version | sed -n 's/.*version \([0-9]*\).*/\1/p')
[ "${ver:-0}" -ge 14 ] || die "$cf is version ${ver:-unknown}; 14 or later is needed"

cd "$root"
if [ $# -gt 0 ]; then
	files=("$@")
else
	mapfile -t files < <(git ls-files '*.c' '*.h' '*.cc' |
		grep -v -e '^test/d/preprocessor/' -e '^usdt/dtrace_sdt\.h$' \
			-e '^kernel/prov/stable_table\.h$')
fi

# The style file for one source.
style_of() {
	case "$1" in
	*.c|kernel/*.h) echo kernel/.clang-format ;;
	*.cc) echo .clang-format ;;
	*.h) if [ "$(head -c2 "$1")" = "/*" ]; then echo kernel/.clang-format
	     else echo .clang-format; fi ;;
	*) return 1 ;;
	esac
}

status=0 nfiles=0 nlines=0
for f in "${files[@]}"; do
	[ -f "$f" ] || die "$f: no such file"
	style=$(style_of "$f") || continue
	case $mode in
	apply)	"$cf" -i --style="file:$style" "$f" ;;
	check)	"$cf" --dry-run --Werror --style="file:$style" "$f" || status=1 ;;
	stat)	n=$("$cf" --style="file:$style" "$f" | diff -U0 "$f" - |
			grep -c '^[-+][^-+]' || true)
		if [ "$n" -gt 0 ]; then
			nfiles=$((nfiles + 1)) nlines=$((nlines + n))
		fi ;;
	esac
done
if [ $mode = stat ]; then
	echo "format.sh: $nfiles of ${#files[@]} files would change" \
	     "($nlines lines removed or added)"
fi
exit $status
