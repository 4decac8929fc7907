# ASSERTION: an unprivileged process's DTRACEHIOC_REMOVE touches its own
# registrations only: 200 register/remove cycles of one probe take about
# as long while root traces 131,072 ECBs (128 clauses on the 1,024 probes
# of another process of the same user) as without them. The figures go to
# stderr. (The old module walked every ECB of every state per REMOVE: 26
# million ECB visits under its lock for these 200 cycles.)
# @@timeout: 90
. "$(dirname "$0")/helper_lib.sh"
now() { date +%s%N; }
start=$(now)
# stamp WHAT: the time since the start, on stderr.
stamp() { echo "$((($(now) - start) / 1000000)) ms: $1" >&2; }
# cycles: milliseconds for 200 register/remove cycles, their answer in
# $dir/cycle.
cycles() {
	local t0
	t0=$(now)
	$nobody "$forge" cycle 1 200 > "$dir/cycle"
	echo $((($(now) - t0) / 1000000))
}
$nobody "$forge" hold 1024 0 > "$dir/hold" &
holder=$!
wait_stopped $holder || exit 1
cat "$dir/hold"
stamp "holder up"
alone=$(cycles)
cat "$dir/cycle"
stamp "cycles alone: $alone ms"
{
	echo 'BEGIN { printf("session: go\n"); }'
	for i in $(seq 128); do echo "forge$holder::: {}"; done
} > "$dir/many.d"
"$dtrace" -q -s "$dir/many.d" > "$dir/session" 2>&1 &
session=$!
for i in $(seq 600); do
	grep -q go "$dir/session" && break
	sleep 0.1
done
cat "$dir/session"
stamp "session up"
traced=$(cycles)
cat "$dir/cycle"
stamp "cycles traced: $traced ms"
echo "200 cycles: $alone ms alone, $traced ms while root traces 131072 ECBs" >&2
[ "$traced" -lt $((alone * 3 / 2 + 500)) ] && echo "remove while tracing: not slower" ||
	echo "remove while tracing: slower ($alone ms, then $traced ms)"
kill $session
wait $session
rc=$?
stamp "session ended"
kill -9 $holder
wait $holder 2> /dev/null
exit $rc
