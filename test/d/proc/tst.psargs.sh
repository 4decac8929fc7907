# ASSERTION: the canonical proc:::exec-success { trace(curpsinfo->pr_psargs); }
# shows the new image's arguments separated by spaces (argv[0] as the
# caller passed it), and pr_psargs stops at 79 characters.
# @@timeout: 60
# @@sort: the two echo processes may run on different CPUs, whose buffers are read in turn
. "$(dirname "$0")/../lib/until_exit.sh"
long=$(printf 'x%.0s' $(seq 100))
"$1" -q -n '
proc:::exec-success
/execname == "echo"/
{
	trace(curpsinfo->pr_psargs);
	printf("\n");
	n++;
}

proc:::exec-success
/n == 2/
{
	exit(0);
}' &
dt=$!
echoes() {
	sleep 0.1
	/bin/echo hello "big world" > /dev/null
	sleep 0.1
	/bin/echo "$long" > /dev/null
}
until_exit -s 0 "$dt" echoes
wait "$dt"
