# ASSERTION: USDT probes of 8 and 12 arguments (wide_app, built with
# dtrace -C -h and -C -G as autoconf projects build theirs) fire with
# every argument: the 7th to 12th come from the stack the site pushed
# them on (registers and constants), strings with copyinstr, and args[]
# has the declared types (an int's -1, a short's -10, bool's one byte,
# a long long past 32 bits, a 3000000000 Oid as unsigned int).
# @@timeout: 30
# @@sort: the target may move to the other CPU between firings, and the CPUs' buffers are read in turn
dtrace=$1
app=$(dirname "$dtrace")/test/usdt/wide_app
"$dtrace" -q -c "$app 2" -n '
wideapp$target:::eight {
	printf("eight %d %u %u %d %s %d %d %s (%d %d)\n", args[0], args[1],
	    args[2], args[3], copyinstr(arg4), args[5], args[6],
	    copyinstr(arg7), sizeof (args[5]), sizeof (args[6]));
}
wideapp$target:::twelve {
	printf("twelve %d %d %d %d %d %d %d %d %s %d %d %s (%d)\n", args[0],
	    args[1], args[2], args[3], args[4], args[5], args[6], args[7],
	    copyinstr(arg8), args[9], args[10], copyinstr((uintptr_t)args[11]),
	    sizeof (args[9]));
}'
