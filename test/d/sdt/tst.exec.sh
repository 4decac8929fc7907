# ASSERTION: sdt:sched::sched_process_exec fires in the new program's
# context, with the probe names in the built-ins.
# @@timeout: 60
"$1" -q -n '
sdt:sched::sched_process_exec
/execname == "true"/
{
	printf("%s:%s:%s:%s %s\n", probeprov, probemod, probefunc, probename,
	    execname);
	exit(0);
}' &
dt=$!
for i in $(seq 300); do
	kill -0 "$dt" 2>/dev/null || break
	/bin/true
	sleep 0.1
done
wait "$dt"
