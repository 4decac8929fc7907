# ASSERTION: an error in a D library file fails every compile
# (D_SYNTAX) and names the library file and line.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf 'inline int X = ;\n' > "$dir/bad.d"
"$1" -e -xerrtags -L "$dir" -n 'BEGIN { exit(0); }' 2> "$dir/err"
rc=$?
sed "s|$dir/||" "$dir/err" >&2
exit $rc
