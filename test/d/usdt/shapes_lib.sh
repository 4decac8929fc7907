# Sourced by the build-shape tests (tst.archive_*, tst.shlib_*,
# tst.isenabled_*): $1 is build/dtrace; the programs are CMake's, in
# build/test/usdt (test/usdt/CMakeLists.txt, "build shapes").
dtrace=$1
shapes_dir=$(dirname "$dtrace")/test/usdt

# start_shapes PROGRAM: runs PROGRAM (looping, 20 ms apart) in the
# background, its stderr to $shapes_err, sets $pid and waits (20 s at
# most) for its "ready": its main runs, so drti's constructor has
# registered the probes (or failed to).
start_shapes() {
	shapes_out=$(mktemp)
	shapes_err=$(mktemp)
	"$shapes_dir/$1" 0 20 > "$shapes_out" 2> "$shapes_err" &
	pid=$!
	local i
	for i in $(seq 200); do
		grep -q ready "$shapes_out" && return 0
		kill -0 "$pid" 2> /dev/null || break
		sleep 0.1
	done
	echo "$1 $pid never started"
	stop_shapes
	return 1
}

stop_shapes() {
	kill "$pid" 2> /dev/null
	wait "$pid" 2> /dev/null
	rm -f "$shapes_out" "$shapes_err"
	return 0
}
