# ASSERTION: what an unprivileged process registered through the helper
# ioctls is freed when it exits and when it execs, without a
# DTRACEHIOC_REMOVE: its probes leave the listing, and its helper budget
# with them (a process that exec'd may register its limit again).
# @@timeout: 300
. "$(dirname "$0")/helper_lib.sh"
echo "before: $(nprobes 'forge*:::')"
for how in exit exec; do
	$nobody "$forge" hold 100 2 $how > "$dir/out" &
	pid=$!
	wait_stopped $pid || exit 1
	cat "$dir/out"
	echo "$how, registered: $(nprobes "forge$pid:::")"
	kill -CONT $pid
	if [ $how = exit ]; then
		wait $pid
	else
		for i in $(seq 100); do
			[ "$(cat /proc/$pid/comm)" = sleep ] && break
			sleep 0.1
		done
	fi
	for i in $(seq 50); do		# the reaper runs soon after
		[ "$(nprobes "forge$pid:::")" = 0 ] && break
		sleep 0.1
	done
	echo "$how, after: $(nprobes "forge$pid:::")"
	kill $pid 2> /dev/null
	wait $pid 2> /dev/null
done
# The whole per-process budget again, twice in a row: nothing leaked.
for i in 1 2; do
	$nobody "$forge" hold 8192 0 > "$dir/out" &
	pid=$!
	wait_stopped $pid || exit 1
	cat "$dir/out"
	kill -9 $pid
	wait $pid 2> /dev/null
done
sleep 1
echo "after: $(nprobes 'forge*:::')"
