# ASSERTION: unprivileged opens of /dev/dtrace cost nothing to anyone
# while a root session with thread-local variables traces: 3 processes
# of uid 65534 holding 200 descriptors each make no tracing state (the
# module's "states" parameter stays at the root session's one) and
# closing them all is quick (no grace period per descriptor). The time
# of 100 process exits before and during the storm goes to stderr. (The
# old module made a state per open, walked by every thread exit, and
# waited a grace period under its lock per close.)
# @@timeout: 60
. "$(dirname "$0")/helper_lib.sh"
nproc=3 nfd=200
param=/sys/module/dtrace/parameters/states
states() { cat "$param" 2> /dev/null || echo "no $param"; }
now() { date +%s%N; }
start=$(now)
# stamp WHAT: the time since the start, on stderr.
stamp() { echo "$((($(now) - start) / 1000000)) ms: $1" >&2; }
# exits: milliseconds for 100 processes to fork and exit.
exits() {
	local t0 i
	t0=$(now)
	for i in $(seq 100); do (:); done
	echo $((($(now) - t0) / 1000000))
}
"$dtrace" -q -n 'BEGIN { printf("session: go\n"); }
    syscall::getppid:entry { self->n++; } profile-97 { @n = count(); }' > "$dir/session" 2>&1 &
session=$!
for i in $(seq 300); do
	grep -q go "$dir/session" && break
	sleep 0.1
done
cat "$dir/session"
stamp "session up"
echo "states, root session: $(states)"
before=$(exits)
stamp "exits before: $before ms"
pids=
for k in $(seq $nproc); do
	$nobody "$forge" open $nfd > "$dir/out.$k" &
	pids="$pids $!"
done
for p in $pids; do wait_stopped $p || exit 1; done
stamp "storm opened"
cat "$dir"/out.*
echo "states, during the storm: $(states)"
during=$(exits)
stamp "exits during: $during ms"
t0=$(now)
kill -CONT $pids
wait $pids
closed=$((($(now) - t0) / 1000000))
stamp "storm closed: $closed ms"
echo "states, after the storm: $(states)"
echo "exits: $before ms before, $during ms during the storm;" \
	"$((nproc * nfd)) descriptors closed in $closed ms" >&2
[ "$closed" -lt 2000 ] && echo "closed quickly: yes" ||
	echo "closed quickly: no ($closed ms)"
kill $session
wait $session
stamp "session ended"
