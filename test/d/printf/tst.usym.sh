# ASSERTION: %A prints a user address as object`symbol+0xoffset, like
# uaddr(); usym(), ufunc(), umod() and jstack() name the target's
# function and object (a pid probe in pid-calls); -x ustackframes and
# -x jstackframes bound ustack() and jstack() without a frame count.
# @@timeout: 60
# @@ptr: the offsets into pid-calls' functions depend on the compiler
dtrace=$1
trig=$(dirname "$dtrace")/test/triggers
"$dtrace" -q -c "$trig/pid-calls" -n '
pid$target:a.out:leaf:entry {
	printf("A:[%A]\n", ucaller);
	printf("uaddr:"); uaddr(ucaller);
	printf("\nusym:"); usym(ucaller);
	printf("\nufunc:"); ufunc(ucaller);
	printf("\numod:"); umod(ucaller);
	printf("\njstack:"); jstack(2);
}' 2> /dev/null | sed 's/ *$//'
echo "exit ${PIPESTATUS[0]}"
"$dtrace" -q -x ustackframes=3 -x jstackframes=1 -c "$trig/pid-calls" -n '
pid$target:a.out:leaf:entry { printf("ustack:"); ustack(); printf("jstack:"); jstack(); }' 2> /dev/null |
	sed 's/ *$//'
echo "exit ${PIPESTATUS[0]}"
