# ASSERTION: USDT probes made with DTRACEIOC_USERPROBE: a probe with a
# call site and an is-enabled site (the site runs only while the module
# makes the is-enabled site return 1) takes its arguments from uargs
# (a sign-extended 32-bit register, 16 bits loaded from memory, a
# constant); a probe with a semaphore fires because the module counts
# the enabling in it. PROBEARG gives the native types from the sizes.
# @@timeout: 90
. "$(dirname "$0")/upk_lib.sh"
upk_target t
upk_probes "$t" usdt isenabled sema entry
"$upk" probeargs "upk$t" site
"$upk" probeargs "pid$t" entry
# Either probe may fire first once enabled: both are printed at the end,
# in a fixed order.
"$dtrace" -q -n "
int a, b, neg, pos;
uint64_t a1, a2;
upk$t:upk_probe:main:site /!a/ {
	a = 1;
	neg = (int)arg0 < 0;
	a1 = arg1;
	a2 = arg2;
}
upk$t:upk_probe:main:sema /!b/ {
	b = 1;
	pos = arg0 > 0;
}
upk$t:upk_probe:main:site, upk$t:upk_probe:main:sema /a && b/ {
	printf(\"site: arg0 < 0 %d, arg1 %d, arg2 %d\n\", neg, a1, a2);
	printf(\"sema: arg0 > 0 %d\n\", pos);
	exit(0);
}"
echo "dtrace exit: $?"
