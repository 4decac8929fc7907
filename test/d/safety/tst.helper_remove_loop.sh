# ASSERTION: an unprivileged process's DTRACEHIOC_ADDPROG/REMOVE cycles
# work while root traces 131,072 ECBs (128 clauses on the 1,024 probes
# of another process of the same user): 200 register/remove cycles of
# one probe succeed alone and while traced, and the other process's
# 1,024 probes are all still there afterwards. That a cycle reads none of those ECBs is counted
# in kcore (Probes.RegisterRemoveCyclesReadNoStatesECBs): the old module
# walked every ECB of every state per REMOVE, 26 million ECB visits under
# its lock for these 200 cycles (doc/limits.md §4 has the timings).
# @@timeout: 90
. "$(dirname "$0")/helper_lib.sh"
$nobody "$forge" hold 1024 0 > "$dir/hold" &
holder=$!
wait_stopped $holder || exit 1
cat "$dir/hold"
$nobody "$forge" cycle 1 200
{
	echo 'BEGIN { printf("session: go\n"); }'
	for i in $(seq 128); do echo "forge$holder::: {}"; done
	echo 'END { printf("session: end\n"); }'
} > "$dir/many.d"
"$dtrace" -q -s "$dir/many.d" > "$dir/session" 2>&1 &
session=$!
wait_session
$nobody "$forge" cycle 1 200
# REMOVE took the cycler's probes only.
echo "holder's probes: $(nprobes "forge$holder:::")"
kill $session
wait $session
rc=$?
grep "^session: end" "$dir/session"
kill -9 $holder
wait $holder 2> /dev/null
exit $rc
