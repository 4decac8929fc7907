# ASSERTION: syscall::kill:entry sees the call's arguments in arg0 and
# arg1, and syscall::kill:return gives the return value (-ESRCH for a
# pid that cannot exist) in both arg0 and arg1.
. "$(dirname "$0")/../lib/until_exit.sh"
"$1" -q -n '
syscall::kill:entry
/arg0 == 4000001 && arg1 == 0/
{
	printf("entry %s %d %d\n", probefunc, arg0, arg1);
	go = 1;
}

syscall::kill:return
/go/
{
	printf("return %s %d %d\n", probefunc, arg0, arg1);
	exit(0);
}' &
dt=$!
# Call kill(4000001, 0) until dtrace has seen one and exits (or 20 s).
until_exit -n 200 "$dt" kill -0 4000001 2>/dev/null
wait "$dt"
