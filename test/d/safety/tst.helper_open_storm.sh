# ASSERTION: unprivileged opens of /dev/dtrace cost nothing to anyone
# while a root session with thread-local variables traces: 3 processes
# of uid 65534 holding 200 descriptors each make no tracing state (the
# module's "states" parameter stays at the root session's one), and
# their closes wait for no RCU grace period: the root session counts,
# with fbt, the calls of synchronize_rcu() and synchronize_rcu_expedited()
# (the wait of a state's STOP and close) made by uid 65534 while the
# storm closes. (The old module made a state per open, walked by every
# thread exit, and waited a grace period under its lock per close: 600
# waits here.)
# @@timeout: 90
. "$(dirname "$0")/helper_lib.sh"
nproc=3 nfd=200
param=/sys/module/dtrace/parameters/states
states() { cat "$param" 2> /dev/null || echo "no $param"; }
"$dtrace" -q -n 'BEGIN { printf("session: go\n"); }
    syscall::getppid:entry { self->n++; } profile-97 { @n = count(); }
    fbt::synchronize_rcu:entry, fbt::synchronize_rcu_expedited:entry
    /uid == 65534/ { @gp = count(); }
    END { printa("grace periods: %@d\n", @gp); }' > "$dir/session" 2>&1 &
session=$!
wait_session
echo "states, root session: $(states)"
pids=
for k in $(seq $nproc); do
	$nobody "$forge" open $nfd > "$dir/out.$k" &
	pids="$pids $!"
done
for p in $pids; do wait_stopped $p || exit 1; done
cat "$dir"/out.*
echo "states, during the storm: $(states)"
kill -CONT $pids
wait $pids
echo "states, after the storm: $(states)"
kill $session
wait $session
# No line when nothing was counted: none.
waits=$(sed -n 's/^grace periods: //p' "$dir/session")
echo "grace periods waited by $((nproc * nfd)) closes: ${waits:-0}" >&2
[ "${waits:-0}" -lt $((nproc * nfd / 10)) ] && echo "a grace period per close: no" ||
	echo "a grace period per close: yes (${waits} for $((nproc * nfd)) closes)"
