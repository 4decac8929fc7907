# Sourced by the guest tests that start dtrace in the background and keep
# a workload going until it exits (not a test: runtest runs only tst.* and
# err.* files).
#   until_exit [-n COUNT] [-s SECS] PID CMD [ARGS...]
# While PID lives, runs CMD then sleeps SECS, COUNT times at most; the
# defaults, 300 times 0.1 s, give dtrace 30 s. -s 0 runs CMD back to back.
# The caller then takes dtrace's status with `wait PID`.
until_exit() {
	local n=300 s=0.1 pid i
	while :; do
		case "$1" in
		-n) n=$2; shift 2 ;;
		-s) s=$2; shift 2 ;;
		*) break ;;
		esac
	done
	pid=$1
	shift
	for i in $(seq "$n"); do
		kill -0 "$pid" 2>/dev/null || break
		"$@"
		[ "$s" = 0 ] || sleep "$s"
	done
}

#   load_beside PID CMD [ARGS...]
# Runs CMD in the background while PID lives: waits for PID, then stops
# CMD if it is still going, and returns PID's exit status. For a
# workload that runs on its own (one start, not repeated like
# until_exit's).
load_beside() {
	local pid=$1 load rc
	shift
	"$@" &
	load=$!
	wait "$pid"
	rc=$?
	kill "$load" 2>/dev/null
	wait "$load" 2>/dev/null
	return $rc
}
