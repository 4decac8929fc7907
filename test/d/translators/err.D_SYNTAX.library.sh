# ASSERTION: an error in a D library file fails every compile and names
# the library file and line.
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf 'inline int X = ;\n' > "$dir/bad.d"
$dtrace -e -L "$dir" -n 'BEGIN { exit(0); }' 2>&1 | grep -q "bad.d, line 1: syntax error" || exit 0
exit 1
