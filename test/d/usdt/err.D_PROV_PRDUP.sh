# ASSERTION: a provider definition that declares one probe twice is
# refused when generating the USDT header (-h): D_PROV_PRDUP.
. "$(dirname "$0")/../lib/dir_stderr.sh"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf 'provider dup {\n\tprobe fire(int);\n\tprobe fire(int);\n};\n' > "$out/dup.d"
dir_stderr "$out" "$1" -xerrtags -h -s "$out/dup.d" -o "$out/dup.h"
