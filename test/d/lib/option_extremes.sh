# Sourced by test/d/safety/tst.opt_*.sh: option_extremes DTRACE OPTION
# PROGRAM runs `dtrace -q -x OPTION=V -n PROGRAM` for V = 0, 1, 2^31,
# 2^32, 2^63 and 2^64-1, each under a 120 s timeout, and prints what it
# came to: "OPTION=V: exit N", then its stdout and its "dtrace:" lines
# (a size it lowered printed without the size, which depends on the
# guest's free memory). After each case a fresh dtrace must trace. A
# hang (the timeout), a crash or a status other than 0 or 1 fails the
# test (exit 2); the .r file holds every case's expected outcome.
option_extremes() {
	local dtrace=$1 opt=$2 prog=$3 v rc out=/tmp/extremes.$$
	for v in 0 1 2147483648 4294967296 9223372036854775808 \
	    18446744073709551615; do
		timeout 120 "$dtrace" -q -x "$opt=$v" -n "$prog" >$out 2>$out.err
		rc=$?
		echo "$opt=$v: exit $rc"
		cat $out
		grep '^dtrace:' $out.err |
		    sed 's/ lowered to .*/ lowered/; s/ on CPU [0-9]*/ on CPU N/'
		if [ $rc -gt 1 ]; then
			echo "$opt=$v: FAILED (status $rc)"
			rm -f $out $out.err
			exit 2
		fi
		if ! "$dtrace" -qn 'BEGIN { printf("fresh\n"); exit(0); }' \
		    >$out 2>&1 || [ "$(cat $out)" != fresh ]; then
			echo "$opt=$v: a fresh dtrace failed:"
			cat $out
			rm -f $out $out.err
			exit 2
		fi
	done
	rm -f $out $out.err
}
