# ASSERTION: sched:::off-cpu fires in the thread leaving the CPU with
# the next thread in arg0, and sleep with it when it blocks; on-cpu in
# the thread that gets the CPU. A sleeping loop makes all three.
# @@timeout: 60
. "$(dirname "$0")/../lib/until_exit.sh"
"$1" -q -n '
sched:::off-cpu
/execname == "sleep" && ((struct task_struct *)arg0)->pid != pid/
{
	off = 1;
}

sched:::sleep
/execname == "sleep"/
{
	slept = 1;
}

sched:::on-cpu
/execname == "sleep"/
{
	on = 1;
}

sched:::on-cpu
/off && slept && on/
{
	printf("off-cpu, sleep and on-cpu seen\n");
	exit(0);
}' &
dt=$!
until_exit "$dt" :
wait "$dt"
