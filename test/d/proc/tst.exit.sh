# ASSERTION: proc:::exit fires when a process ends, in it, with
# the reason: CLD_EXITED (1) for exit(), CLD_KILLED (2) for a kill; D
# names the reasons CLD_EXITED .. CLD_CONTINUED with <signal.h>'s values.
# @@timeout: 60
. "$(dirname "$0")/../lib/until_exit.sh"
"$1" -q -n '
proc:::exit
/ppid == $1 && arg0 == CLD_EXITED/
{
	exited = 1;
}

proc:::exit
/ppid == $1 && arg0 == CLD_KILLED/
{
	killed = 1;
}

proc:::exit
/exited && killed/
{
	printf("exited and killed seen\n");
	printf("%d %d %d %d %d %d\n", CLD_EXITED, CLD_KILLED, CLD_DUMPED,
	    CLD_TRAPPED, CLD_STOPPED, CLD_CONTINUED);
	exit(0);
}' $$ &
dt=$!
exits() {
	sh -c 'exit 3'
	sleep 10 &
	kill -9 $!
	wait $! 2>/dev/null
}
until_exit -n 100 -s 0.2 "$dt" exits
wait "$dt"
