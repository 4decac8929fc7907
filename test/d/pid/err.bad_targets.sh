# ASSERTION: bad pid provider requests fail with a DTrace-style message
# and exit status 1, create no probe and leave a grabbed process running
# (not stopped, not killed): a pid that does not exist (in a description
# and with -p), a module the process does not have, a function that
# matches nothing, a probe name that is neither entry, return nor an
# offset, an offset past the function's end, and an executable without
# symbols (stripped) named as a.out.
# @@timeout: 90
. "$(dirname "$0")/pid_lib.sh"
status=1
run() {	# run ARGS...: dtrace's exit status and its message, pids hidden
	"$dtrace" "$@" 2> /tmp/pidt.$$.err > /dev/null
	local rc=$?
	[ $rc = 1 ] || status=0	# the test exits 1 only if every dtrace did
	echo "exit $rc: $(sed "s/pid \?$p\b/pid PID/g; s/pid \?$gone\b/pid GONE/g" /tmp/pidt.$$.err)"
}
p=none
true &
gone=$!
wait "$gone"
run -n "pid$gone:::entry"
run -p "$gone" -n 'pid$target:::entry'
start_loop 30
run -n "pid$p:libnothere.so:f:entry"
run -p "$p" -n 'pid$target:a.out:no_such_function:entry'
run -n "pid$p:a.out:tick:middle"
run -n "pid$p:a.out:tick:10000"
echo "state $(state "$p" | tr R S), probes $(probes_of "$p")"
loop=$trig/pid-stripped start_loop 30
run -p "$p" -n 'pid$target:a.out:main:entry'
run -p "$p" -n 'pid$target:pid-stripped:*:entry'
echo "state $(state "$p" | tr R S), probes $(probes_of "$p")"
exit $status
