# ASSERTION: the probes of an application built with dtrace -h and -G fire
# with their arguments: a string and ints (query-start), a long computed
# from them (query-done), six register arguments, and a probe from the
# generic DTRACE_PROBE1 macro.
# @@timeout: 120
# @@sort: the target may move to the other CPU between firings, and the CPUs' buffers are read in turn
. "$(dirname "$0")/usdt_lib.sh"
start_app 100000 20 || exit 1
"$dtrace" -q -n "
BEGIN { s = 0; d = 0; x = 0; p = 0; }
testapp$pid:::query-start /!s/ {
	s = 1;
	printf(\"query-start %s\n\", copyinstr(arg1) == strjoin(\"select \", lltostr(arg0)) ? \"ok\" : copyinstr(arg1));
}
testapp$pid:::query-done /!d/ {
	d = 1;
	printf(\"query-done %s\n\", arg1 == arg0 * 1000 ? \"ok\" : \"bad\");
}
testapp$pid:::six /!x/ {
	x = 1;
	printf(\"six %d %d %d %d %d %d\n\", arg0, arg1, arg2, arg3, arg4, arg5);
}
testapp$pid:::plain /!p/ {
	p = 1;
	printf(\"plain %s\n\", arg0 >= 0 ? \"ok\" : \"bad\");
}
testapp$pid::: /s && d && x && p/ { exit(0); }
tick-60s { printf(\"timed out\n\"); exit(1); }"
rc=$?
stop_app
exit $rc
