# ASSERTION: sched:::off-cpu's args[0] / args[1] are the next thread as
# lwpsinfo_t / psinfo_t (checked against the raw task in arg0), and
# enqueue's args[2] is the CPU as cpuinfo_t (the raw CPU in arg1).
# Both CPUs may pass /!off/ at once: identical lines are merged.
# @@timeout: 60
. "$(dirname "$0")/../lib/until_exit.sh"
dtout=$(mktemp)
trap 'rm -f "$dtout"' EXIT
"$1" -q -n '
int off, enq;

sched:::off-cpu
/!off/
{
	this->t = (struct task_struct *)arg0;
	printf("off-cpu lwpid %d pid %d fname %d\n", args[0]->pr_lwpid == this->t->pid,
	    args[1]->pr_pid == this->t->tgid,
	    args[1]->pr_fname == stringof(this->t->group_leader->comm));
	off = 1;
}

sched:::enqueue
/!enq/
{
	printf("enqueue cpu %d pset %d\n", args[2]->cpu_id == arg1, args[2]->cpu_pset);
	enq = 1;
}

sched:::off-cpu, sched:::enqueue
/off && enq/
{
	exit(0);
}' > "$dtout" &
dt=$!
until_exit "$dt" :
wait "$dt"
rc=$?
sort -u "$dtout"
[ $rc = 0 ] || { echo "dtrace exited with status $rc" >&2; exit 1; }
