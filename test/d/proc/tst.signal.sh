# ASSERTION: signal-send fires in the sender with the target task in
# arg0 and the signal in arg1; signal-handle in the receiver with the
# signal in arg0; signal-discard for a signal whose default action is
# to ignore it (SIGWINCH = 28 to sleep).
# @@timeout: 90
. "$(dirname "$0")/../lib/until_exit.sh"
"$1" -q -n '
proc:::signal-send
/arg1 == 10 && ((struct task_struct *)arg0)->pid == $1/
{
	printf("signal-send USR1 to the target\n");
	sent = 1;
}

proc:::signal-handle
/sent && arg0 == 10 && pid == $1/
{
	printf("signal-handle USR1 in the target\n");
	handled = 1;
}

proc:::signal-discard
/handled && arg1 == 28 && execname == "bash"/
{
	printf("signal-discard WINCH\n");
	exit(0);
}' $$ | sort -u &
dt=$!
trap ': got it' USR1
signals() {
	kill -USR1 $$
	sleep 5 &
	kill -WINCH $!
	kill $!
	wait $! 2>/dev/null
}
until_exit -n 200 "$dt" signals
wait "$dt"
