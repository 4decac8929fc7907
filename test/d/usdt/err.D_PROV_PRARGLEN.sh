# ASSERTION: a USDT probe declared with more arguments than a probe site
# passes (twelve, as <sys/sdt.h>) is refused when generating the header
# (-h): D_PROV_PRARGLEN.
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf 'provider wide {\n\tprobe fire(int, int, int, int, int, int, int, int, int, int, int, int, int);\n};\n' > "$out/wide.d"
"$1" -xerrtags -h -s "$out/wide.d" -o "$out/wide.h" 2> "$out/err"
rc=$?
sed "s|$out/||" "$out/err" >&2
exit $rc
