# Sourced by the tests of a full dynamic variable space (not a test:
# runtest runs only tst.* and err.* files).
# dynvar_full DTRACE [OPTION...] [-- STATEMENTS]: runs a quiet BEGIN clause
# under dynvarsize=128, where an element with an integer key and value
# takes 64 bytes: a[1] = 1 and a[2] = 2 fill the space and a[3] = 3 is
# dropped (one dynamic variable drop); the D STATEMENTS follow, then
# exit(0). The status is dtrace's.
dynvar_full() {
	local dtrace=$1 opts=()
	shift
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		opts+=("$1")
		shift
	done
	[ $# -gt 0 ] && shift
	"$dtrace" -q -x dynvarsize=128 "${opts[@]}" \
	    -n "BEGIN { a[1] = 1; a[2] = 2; a[3] = 3; $* exit(0); }"
}
