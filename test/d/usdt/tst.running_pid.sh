# ASSERTION: dtrace -p PID traces a USDT program that was already
# running: testapp$target names its provider (testapp<PID>), its probes
# fire with their arguments (the string by copyinstr: "select N" for
# query N), and the is-enabled probe tick turns on while traced.
# @@timeout: 60
# @@sort: the target may move to the other CPU between firings, and the CPUs' buffers are read in turn
. "$(dirname "$0")/usdt_lib.sh"
start_app 100000 50 || exit 1
"$dtrace" -q -p "$pid" -n '
int n;
testapp$target:::query-start /n < 3/
{
	n++;
	printf("%s %s %s\n", probeprov == "testapp'"$pid"'" ? "provider" : probeprov,
	    pid == $target ? "pid" : "other pid",
	    copyinstr(arg1) == strjoin("select ", lltostr(arg0)) ?
	    "select N" : copyinstr(arg1));
}
testapp$target:::tick /n == 3/ { printf("tick\n"); exit(0); }'
status=$?
stop_app
exit $status
