# ASSERTION: sdt:sched::sched_process_exec fires in the new program's
# context, with the probe names in the built-ins.
# @@timeout: 60
. "$(dirname "$0")/../lib/until_exit.sh"
"$1" -q -n '
sdt:sched::sched_process_exec
/execname == "true"/
{
	printf("%s:%s:%s:%s %s\n", probeprov, probemod, probefunc, probename,
	    execname);
	exit(0);
}' &
dt=$!
until_exit "$dt" /bin/true
wait "$dt"
