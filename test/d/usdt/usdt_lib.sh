# Sourced by the usdt tests: $1 is build/dtrace; usdt_app sits beside it
# in build/test/usdt (built by CMake with dtrace -h and -G).
dtrace=$1
app=$(dirname "$dtrace")/test/usdt/usdt_app

# start_app N DELAY_MS: runs usdt_app in the background (its output to
# $APP_OUT, else nowhere), sets $pid, and waits (up to 60 s: TCG is slow)
# until drti registered its provider.
start_app() {
	"$app" "$1" "$2" > "${APP_OUT:-/dev/null}" &
	pid=$!
	local i
	for i in $(seq 600); do
		"$dtrace" -l -n "testapp$pid:::" > /dev/null 2>&1 && return 0
		kill -0 "$pid" 2> /dev/null || break
		sleep 0.1
	done
	echo "usdt_app $pid never registered testapp$pid"
	return 1
}

# wait_for PATTERN FILE PID: waits (up to 60 s) until FILE holds a line
# matching PATTERN, or until process PID is gone.
wait_for() {
	local i
	for i in $(seq 600); do
		grep -q "$1" "$2" && return 0
		kill -0 "$3" || return 0
		sleep 0.1
	done
}

# late_app DT TRACE: once dtrace DT (started with -Z before any usdt_app)
# has printed "tracing" into TRACE, runs usdt_app 3 50 (its pid in $pid),
# then waits for DT and returns its status.
late_app() {
	wait_for tracing "$2" "$1"
	"$app" 3 50 > /dev/null &
	pid=$!
	wait "$1"
}

stop_app() { kill "$pid" 2> /dev/null; wait "$pid" 2> /dev/null; return 0; }
