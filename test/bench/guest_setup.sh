# Sourced first by the benchmarks that run in the guest
# (test/vm/run -- test/bench/X.sh): sets $top (the source tree) and
# $dtrace (its build), loads the module unless it is loaded, and makes
# the scratch directory $dir, removed when the benchmark exits.
#   bench_cc SRC OUT: compiles test/bench/SRC.c (-O2) to $dir/OUT.
#   waitfor TEXT FILE: until FILE holds TEXT (60 s at most).
#   loop_once: one timed run of $dir/loop $n $loop_mode (bench_loop.h),
#     ns/call in $one; $loop_hook, when set, is called with the loop's pid
#     once it waits for its go (a tracer of that process starts there).
top=$(cd "$(dirname "$0")/../.." && pwd)
dtrace=$top/build/dtrace
lsmod | grep -q '^dtrace ' || insmod "$top/build/kernel/dtrace.ko"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
bench_cc() {
	cc -O2 -o "$dir/$2" "$top/test/bench/$1.c" || exit 1
}

waitfor() {
	local i
	for i in $(seq 600); do grep -q "$1" "$2" && return 0; sleep 0.1; done
	return 1
}

# One timed run of the loop; ns/call in $one.
loop_once() {
	local i p
	mkfifo "$dir/go"
	"$dir/loop" "$n" $loop_mode < "$dir/go" > "$dir/out" &
	p=$!
	exec 3> "$dir/go"
	for i in $(seq 100); do grep -q ready "$dir/out" && break; sleep 0.1; done
	[ -z "$loop_hook" ] || "$loop_hook" "$p"
	echo go >&3
	exec 3>&-
	wait "$p"
	rm -f "$dir/go"
	one=$(tail -n 1 "$dir/out")
}
