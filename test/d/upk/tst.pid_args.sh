# ASSERTION: pid entry and return probes made with DTRACEIOC_USERPROBE
# fire in their process: entry arg0, arg1 are the first two integer
# arguments (upk_add(i, -2i)), return arg0 is 0 and arg1 the return value
# (i + -2i + 7), in the traced thread (self-> survives entry to return).
# @@timeout: 90
. "$(dirname "$0")/upk_lib.sh"
upk_target t
upk_probes "$t" entry return
# The same names again: the same probe.
a=$("$upk" create "$t" entry pid upk_add entry upk_add)
b=$("$upk" create "$t" entry pid upk_add entry upk_add)
echo "same id again: $((a == b))"
"$dtrace" -q -n "
int done;
pid$t:upk_probe:upk_add:entry /!done/ {
	self->a = arg0;
	printf(\"entry: arg1 + 2 * arg0 = %d, pid %d, probeprov %d\n\",
	    arg1 + 2 * arg0, pid == $t, probeprov == \"pid$t\");
}
pid$t:upk_probe:upk_add:return /self->a && !done/ {
	printf(\"return: arg0 %d, arg1 + entry arg0 = %d\n\", arg0,
	    arg1 + self->a);
	done = 1;
	exit(0);
}"
echo "dtrace exit: $?"
