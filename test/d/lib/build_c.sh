# Sourced by shell tests that build a C program of their own (not a test:
# runtest runs only tst.* and err.* files). Makes the scratch directory
# $dir, removed when the test exits.
#   build_c NAME [CC ARGS...] <<'CEOF' ... CEOF
# Compiles the C source on stdin to $dir/NAME; a compile error fails the
# test.
dir=$(mktemp -d /tmp/dtrace-test.XXXXXX)
trap 'rm -rf "$dir"' EXIT
build_c() {
	local name=$1
	shift
	cat > "$dir/$name.c" || exit 1
	cc "$@" -o "$dir/$name" "$dir/$name.c" || exit 1
}
