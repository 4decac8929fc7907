#!/bin/sh
# fork_app's children die with their parent (PR_SET_PDEATHSIG): a test
# that kills the parent before it learnt the children's pids
# (usdt/tst.running_fork.sh) leaves none of them running for the hour
# their 100,000 iterations take.
# usage: fork_orphans.sh build/test/usdt/fork_app
"$1" 2 100000 50 &
pid=$!
kids=
for i in $(seq 100); do
	kids=$(pgrep -P "$pid" | tr '\n' ' ')
	[ "$(echo $kids | wc -w)" -ge 2 ] && break
	sleep 0.1
done
[ "$(echo $kids | wc -w)" -ge 2 ] || { echo "FAIL: fork_app made no two children"; kill $pid; exit 1; }
kill -9 "$pid"
wait "$pid" 2>/dev/null
for i in $(seq 50); do
	left=
	for k in $kids; do
		[ "$(ps -o stat= -p "$k" 2>/dev/null | cut -c1)" = Z ] && continue
		kill -0 "$k" 2>/dev/null && left="$left $k"
	done
	[ -z "$left" ] && { echo "ok fork_orphans"; exit 0; }
	sleep 0.1
done
echo "FAIL: fork_app's children$left outlived their parent"
kill $left
exit 1
