# ASSERTION: sched:::off-cpu fires in the thread leaving the CPU with
# the next thread in arg0, and sleep with it when it blocks; on-cpu in
# the thread that gets the CPU. A sleeping loop makes all three.
# @@timeout: 60
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
for i in $(seq 300); do
	kill -0 "$dt" 2>/dev/null || break
	sleep 0.1
done
wait "$dt"
