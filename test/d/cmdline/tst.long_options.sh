# ASSERTION: --help prints the usage on stdout and exits 0; --version
# names the package version and the commit (here "C") and exits 0, as
# -vV does after the D version; an unknown long option is named whole,
# exit 2.
# first ARGS...: the first two lines dtrace ARGS prints (stderr too),
# its commit as C, then its exit status.
first() {
	local out rc
	out=$("$dtrace" "$@" 2>&1)
	rc=$?
	printf '%s\n' "$out" | head -n 2 |
		sed 's/commit [0-9a-f]\{7,\}\(-dirty\)\{0,1\}$/commit C/; s/commit unknown$/commit C/'
	echo "exit $rc"
}
dtrace=$1
first --help
first --version
first --bogus
first -vV
