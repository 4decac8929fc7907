# ASSERTION: lwp-create fires in the creating thread with the new
# thread in arg0 (same process, another tid), lwp-start in the new
# thread, lwp-exit when it ends; exit only when the process ends.
# @@timeout: 90
. "$(dirname "$0")/../lib/until_exit.sh"
dtout=$(mktemp)
trap 'rm -f "$dtout"' EXIT
"$1" -q -n '
proc:::lwp-create
/execname == "python3"/
{
	t = (struct task_struct *)arg0;
	printf("lwp-create same process %d, new tid %d\n", t->tgid == pid,
	    t->pid != tid);
	created = 1;
}

proc:::lwp-start
/created && execname == "python3"/
{
	printf("lwp-start in a thread %d\n", pid != tid);
	started = 1;
}

proc:::lwp-exit
/started && execname == "python3"/
{
	printf("lwp-exit in a thread %d\n", pid != tid);
	exit(0);
}' > "$dtout" &
dt=$!
until_exit -n 60 -s 0.2 "$dt" python3 -c 'import threading; t = threading.Thread(target=lambda: None); t.start(); t.join()'
wait "$dt"
rc=$?
sort -u "$dtout"
[ $rc = 0 ] || { echo "dtrace exited with status $rc" >&2; exit 1; }
