# ASSERTION: sched:::wakeup fires with the woken thread in arg0 (a
# sleep whose timer expires), enqueue and dequeue with the task in arg0
# and its CPU in arg1, tick in a thread the clock found running. The
# counts vary, so printa sorts by key (aggsortkey), not by value.
# @@timeout: 60
. "$(dirname "$0")/../lib/until_exit.sh"
dtout=$(mktemp)
trap 'rm -f "$dtout"' EXIT
"$1" -q -x aggsortkey -n '
sched:::wakeup
/stringof(((struct task_struct *)arg0)->comm) == "sleep"/
{
	@["wakeup"] = count();
}

sched:::enqueue
/stringof(((struct task_struct *)arg0)->comm) == "sleep" && arg1 < 64/
{
	@["enqueue"] = count();
}

sched:::dequeue
/stringof(((struct task_struct *)arg0)->comm) == "sleep" && arg1 < 64/
{
	@["dequeue"] = count();
}

sched:::tick
/((struct task_struct *)arg0)->pid == pid/
{
	@["tick"] = count();
}

sched:::wakeup
/stringof(((struct task_struct *)arg0)->comm) == "sleep" && ++n == 5/
{
	exit(0);
}

END
{
	printa("%s %@d\n", @);
}' > "$dtout" &
dt=$!
until_exit "$dt" :
wait "$dt"
rc=$?
awk 'NF == 2 { print $1, ($2 > 0) }' "$dtout"
[ $rc = 0 ] || { echo "dtrace exited with status $rc" >&2; exit 1; }
