# ASSERTION: a session's STOP and the close of its descriptor wait for an
# expedited RCU grace period, not a normal one (several ticks each: they
# were most of the start-up of BEGIN { exit(0); }, issue 29). A root
# session counts, with fbt, the calls of synchronize_rcu() and
# synchronize_rcu_expedited() that three runs of
# dtrace -n 'BEGIN { exit(0); }' make: one expedited wait for each STOP
# and each close, no normal one.
# @@timeout: 120
dtrace=$1
dir=$(mktemp -d)
trap 'kill -9 $(jobs -p) 2> /dev/null; rm -rf "$dir"' EXIT
"$dtrace" -q -n 'BEGIN { printf("session: go\n"); }
    fbt::synchronize_rcu:entry /execname == "dtrace" && pid != $pid/
    { @n["normal"] = count(); }
    fbt::synchronize_rcu_expedited:entry /execname == "dtrace" && pid != $pid/
    { @n["expedited"] = count(); }
    END { printa("%s: %@d\n", @n); }' > "$dir/session" 2>&1 &
session=$!
for i in $(seq 600); do
	grep -q go "$dir/session" && break
	sleep 0.1
done
for i in 1 2 3; do
	"$dtrace" -q -n 'BEGIN { exit(0); }' > /dev/null || echo "run $i: exit status $?"
done
kill $session
wait $session
cat "$dir/session"
