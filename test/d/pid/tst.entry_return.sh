# ASSERTION: pid entry and return probes on a function of the executable
# named by its file name (pid-calls) or as a.out, under dtrace -c: entry
# sees the arguments (add_args(i, 10 * i)), return arg1 the value, the
# probe's module is the executable's file name, and dtrace exits 0 when
# the target exits.
# @@timeout: 60
# @@sort: the target may move to the other CPU between an entry and its return, and the CPUs' buffers are read in turn
. "$(dirname "$0")/pid_lib.sh"
"$dtrace" -q -c "$trig/pid-calls" -n '
pid$target:a.out:add_args:entry {
	printf("entry %s:%s:%s:%s %d %d\n", probeprov == strjoin("pid", lltostr($target)) ? "pidPID" : probeprov,
	    probemod, probefunc, probename, arg0, arg1);
}
pid$target:pid-calls:add_args:return { printf("return %d\n", arg1); }' 2> /tmp/pidt.$$.err
echo "exit $?"
sed 's/pid [0-9]* has/pid PID has/' /tmp/pidt.$$.err
