# ASSERTION: an is-enabled probe's macro (TESTAPP_TICK_ENABLED(), the
# probe's semaphore) is false while no consumer enables it and true once
# one does: usdt_app fires tick only behind it, so the tick probe firing
# at all shows the kernel counted the enabling in the semaphore; after
# tracing stops the program sees it disabled again: its count of enabled
# iterations stays the same over the next 20 iterations.
# @@timeout: 120
. "$(dirname "$0")/usdt_lib.sh"
out=$("$app" 3 0)
echo "untraced: $out"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
APP_OUT=$log start_app 100000 20 || exit 1
"$dtrace" -q -n "testapp$pid:::tick { printf(\"tick fired\n\"); exit(0); }
	tick-60s { printf(\"timed out\n\"); exit(1); }"
rc=$?
# ask() prints the app's next "at I: tick enabled N times" as "I N".
ask() {
	local want=$(($(wc -l < "$log") + 1)) i
	kill -USR1 "$pid"
	for i in $(seq 300); do
		[ "$(wc -l < "$log")" -ge $want ] && break
		sleep 0.1
	done
	sed -n "${want}s/^at \([0-9]*\): tick enabled \([0-9]*\) times$/\1 \2/p" "$log"
}
read -r i0 n0 <<< "$(ask)"
i1=$i0 n1=$n0
while [ -n "$i1" ] && [ "$i1" -lt $((i0 + 20)) ]; do
	sleep 0.2
	read -r i1 n1 <<< "$(ask)"
done
stop_app
if [ -z "$n0" ] || [ "$n0" -lt 1 ]; then
	echo "after tracing: no count from the app ($(cat "$log"))"
elif [ "$n1" = "$n0" ]; then
	echo "after tracing: disabled again"
else
	echo "after tracing: still enabled ($n0 -> $n1 from iteration $i0 to $i1)"
fi
exit $rc
