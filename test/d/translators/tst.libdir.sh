# ASSERTION: -L DIR adds a D library directory whose declarations every
# program sees, loaded after the libraries it depends_on; a library that
# depends on an absent module is left out; the system library (errno.d,
# signal.d) is still loaded.
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/b.d" <<'D'
#pragma D depends_on library a.d
inline int B_VALUE = A_VALUE + 1;
D
cat > "$dir/a.d" <<'D'
inline int A_VALUE = 41;
D
cat > "$dir/c.d" <<'D'
#pragma D depends_on module no_such_module_here
inline int A_VALUE = 0;
D
$dtrace -q -L "$dir" -n 'BEGIN { printf("%d %d %d\n", B_VALUE, ENOENT, SIGKILL); exit(0); }' || exit 1
$dtrace -q -xlibdir="$dir" -n 'BEGIN { printf("%d\n", A_VALUE); exit(0); }'
