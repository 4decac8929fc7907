# Sourced by the test/d/pid tests: $dtrace is build/dtrace, $trig the
# trigger programs of test/triggers (built into build/test/triggers).
dtrace=$1
trig=$(dirname "$dtrace")/test/triggers
bg_pids=
trap 'kill -9 $bg_pids 2>/dev/null; wait 2>/dev/null; rm -f /tmp/pidt.$$.*' EXIT

# start_loop SECONDS: runs pid-loop (or $loop) in the background, sets
# $p, and waits until it sleeps in its loop.
start_loop() {
	"${loop:-$trig/pid-loop}" "$1" > /dev/null 2>&1 &
	p=$!
	bg_pids="$bg_pids $p"
	local i
	for i in $(seq 100); do
		[ "$(state "$p")" = S ] && return 0
		sleep 0.05
	done
	echo "pid-loop $p did not start"
	exit 1
}

# state PID: the state letter of PID (R, S, t, T, Z...), empty when gone.
state() { sed 's/.*) \(.\).*/\1/' "/proc/$1/stat" 2>/dev/null; }

# probes_of PID: how many probes of provider pid<PID> the module lists.
probes_of() { "$dtrace" -l 2>/dev/null | awk -v p="pid$1" '$2 == p' | wc -l; }

# no_probes_of PID: waits (up to 10 s) until the module lists none.
no_probes_of() {
	local i
	for i in $(seq 100); do
		[ "$(probes_of "$1")" -eq 0 ] && return 0
		sleep 0.1
	done
	return 1
}
