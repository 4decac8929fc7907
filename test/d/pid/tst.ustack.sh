# ASSERTION: ustack() in a pid entry probe lists the target's frames by
# module (the executable's file name) and function: leaf, then its
# callers middle, top and main, even though at leaf's first instruction
# its frame is not built yet (the caller's pc is at the stack pointer);
# ucaller is middle; symbolization works after the target exited.
# @@timeout: 60
# @@ptr: the offsets into pid-calls' functions depend on the compiler
. "$(dirname "$0")/pid_lib.sh"
"$dtrace" -q -c "$trig/pid-calls" -n '
pid$target:a.out:leaf:entry { ustack(4); printf("ucaller:"); ufunc(ucaller); printf("\n"); }' 2> /dev/null |
	sed 's/ *$//'
echo "exit ${PIPESTATUS[0]}"
