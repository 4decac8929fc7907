# ASSERTION: an error in a D library file fails every compile
# (D_SYNTAX) and names the library file and line.
. "$(dirname "$0")/../lib/dir_stderr.sh"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf 'inline int X = ;\n' > "$dir/bad.d"
dir_stderr "$dir" "$1" -e -xerrtags -L "$dir" -n 'BEGIN { exit(0); }'
