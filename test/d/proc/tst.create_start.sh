# ASSERTION: proc:::create fires in the parent with the child's task in
# arg0, proc:::start in the child (pid is the created one) before it
# runs anything; neither fires for a new thread.
# @@timeout: 60
. "$(dirname "$0")/../lib/until_exit.sh"
"$1" -q -n '
proc:::create
/pid == $1/
{
	child[((struct task_struct *)arg0)->pid] = 1;
}

proc:::start
/child[pid] && ppid == $1/
{
	printf("start in the created child\n");
	exit(0);
}' $$ &
dt=$!
until_exit "$dt" /bin/true
wait "$dt"
