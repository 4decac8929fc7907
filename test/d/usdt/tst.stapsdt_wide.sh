# ASSERTION: probes of 8 and 12 arguments made with SystemTap's
# <sys/sdt.h> (stap-sdt-wide, no dtrace -h/-G) fire with every argument
# where the notes' operands put it (registers, frame slots, constants),
# each of the size and sign the operand gives (a short's -4, an unsigned
# char's 200, a long past 32 bits), and a string with copyinstr.
# @@timeout: 30
# @@sort: the target may move to the other CPU between firings, and the CPUs' buffers are read in turn
dtrace=$1
trig=$(dirname "$dtrace")/test/triggers
[ -x "$trig/stap-sdt-wide" ] || { echo "no $trig/stap-sdt-wide: install systemtap-sdt-dev (scripts/deps.sh)"; exit 1; }
"$dtrace" -q -c "$trig/stap-sdt-wide" -n '
trig$target:::eight {
	printf("eight %d %d %d %d %d %d %d %s\n", args[0], args[1], args[2],
	    args[3], args[4], args[5], args[6], copyinstr(arg7));
}
trig$target:::twelve {
	printf("twelve %d %d %d %d %d %d %d %d %d %d %d %s\n", args[0],
	    args[1], args[2], args[3], args[4], args[5], args[6], args[7],
	    args[8], args[9], args[10], copyinstr((uintptr_t)args[11]));
}'
