# Sourced by test/d/safety tests. big_clause N [OPTION=VALUE...] prints a
# D script of one BEGIN clause of N trace(execname) at strsize 65536 (and
# the options given as pragmas). refused_clause DTRACE N runs one with
# dtrace (its path shown as SCRIPT), then a fresh dtrace, and exits with
# the first one's status.
big_clause() {
	local n=$1 o
	shift
	echo '#pragma D option strsize=65536'
	for o in "$@"; do
		echo "#pragma D option $o"
	done
	echo 'BEGIN {'
	yes '	trace(execname);' | head -n "$n"
	echo '}'
}

refused_clause() {
	local tmp=/tmp/big_clause.$$.d rc
	big_clause "$2" >$tmp
	"$1" -s $tmp 2>&1 | sed "s|$tmp|SCRIPT|"
	rc=${PIPESTATUS[0]}
	rm -f $tmp
	"$1" -qn 'BEGIN { printf("fresh\n"); exit(0); }'
	exit $rc
}
