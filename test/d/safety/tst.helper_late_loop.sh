# ASSERTION: late matching is bounded for an unprivileged registrant:
# while root holds a retained -Z enabling of 128 clauses on forge*:::
# and 512 distinct descriptions matching nothing, 200 register/remove
# cycles of a probe by uid 65534 (a new name each time) each get root's
# 128 ECBs (the probes stay listed, held by them: 200) and all end within
# the timeout. How long they take, alone and with the session, goes to
# stderr: a figure, not a verdict (under CI's three guests on two cores it
# varied twentyfold); kcore's Late.* count the work exactly. (One process
# registering the same probe again after removing it while a session
# holds it gets EEXIST: doc/limits.md.)
# @@timeout: 90
. "$(dirname "$0")/helper_lib.sh"
now() { date +%s%N; }
cycles() {
	local t0
	t0=$(now)
	$nobody "$forge" cyclenew 1 200 > "$dir/cycle"
	echo $((($(now) - t0) / 1000000))
}
alone=$(cycles)
cat "$dir/cycle"
{
	echo 'BEGIN { printf("session: go\n"); }'
	for i in $(seq 128); do echo "forge*::: {}"; done
	for i in $(seq 512); do echo "nosuch$i*::: {}"; done
} > "$dir/many.d"
"$dtrace" -Z -q -s "$dir/many.d" > "$dir/session" 2>&1 &
session=$!
wait_session
traced=$(cycles)
cat "$dir/cycle"
echo "held by the session: $(nprobes 'forge*:::') probe(s)"
echo "200 cycles: $alone ms alone, $traced ms while root retains 640 clauses" >&2
kill $session
wait $session
