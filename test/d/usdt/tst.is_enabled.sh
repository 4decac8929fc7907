# ASSERTION: an is-enabled probe's macro (TESTAPP_TICK_ENABLED(), the
# probe's semaphore) is false while no consumer enables it and true once
# one does: usdt_app fires tick only behind it, so the tick probe firing
# at all shows the kernel counted the enabling in the semaphore; after
# tracing stops the program sees it disabled again.
# @@timeout: 120
. "$(dirname "$0")/usdt_lib.sh"
out=$("$app" 3 0)
echo "untraced: $out"
start_app 100000 20 || exit 1
"$dtrace" -q -n "testapp$pid:::tick { printf(\"tick fired\n\"); exit(0); }
	tick-60s { printf(\"timed out\n\"); exit(1); }"
rc=$?
stop_app
exit $rc
