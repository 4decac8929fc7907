# ASSERTION: a provider glob ending in a process id (p*d$target) names
# that process's pid provider, as DTrace reads the process from the
# trailing digits: its probes are created and match (pid-calls calls
# add_args three times).
# @@timeout: 60
. "$(dirname "$0")/pid_lib.sh"
"$dtrace" -q -c "$trig/pid-calls" -n '
p*d$target:a.out:add_args:entry
{
	printf("%s:%s:%s %d\n", probeprov == strjoin("pid", lltostr($target)) ? "pidPID" : probeprov,
	    probefunc, probename, arg0);
}'
echo "exit $?"
