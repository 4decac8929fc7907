# ASSERTION: a USDT probe declared with more arguments than a probe site
# passes (twelve, as <sys/sdt.h>) is refused when generating the header
# (-h): D_PROV_PRARGLEN.
. "$(dirname "$0")/../lib/dir_stderr.sh"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf 'provider wide {\n\tprobe fire(int, int, int, int, int, int, int, int, int, int, int, int, int);\n};\n' > "$out/wide.d"
dir_stderr "$out" "$1" -xerrtags -h -s "$out/wide.d" -o "$out/wide.h"
