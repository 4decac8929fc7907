# ASSERTION: proc:::exit fires when a process ends, in it, with
# the reason: CLD_EXITED (1) for exit(), CLD_KILLED (2) for a kill.
# @@timeout: 60
"$1" -q -n '
proc:::exit
/ppid == $1 && arg0 == 1/
{
	exited = 1;
}

proc:::exit
/ppid == $1 && arg0 == 2/
{
	killed = 1;
}

proc:::exit
/exited && killed/
{
	printf("exited and killed seen\n");
	exit(0);
}' $$ &
dt=$!
for i in $(seq 100); do
	kill -0 "$dt" 2>/dev/null || break
	sh -c 'exit 3'
	sleep 10 &
	kill -9 $!
	wait $! 2>/dev/null
	sleep 0.2
done
wait "$dt"
