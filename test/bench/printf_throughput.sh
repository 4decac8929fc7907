#!/bin/bash
# Consumer throughput, side by side in one guest boot: `dd bs=1` makes N
# write(2) calls; dtrace -q (default bufsize and switchrate) and then
# bpftrace print one line per call with printf. Reports, for each, the
# lines received, the drops/lost events they reported and the calls per
# second the traced dd sustained (plus the untraced rate for reference).
# Run in the guest: test/vm/run -- test/bench/printf_throughput.sh [N]
top=$(cd "$(dirname "$0")/../.." && pwd)
dtrace=$top/build/dtrace
n=${1:-100000}
lsmod | grep -q '^dtrace ' || insmod "$top/build/kernel/dtrace.ko"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# calls per second of one dd run; the elapsed time goes to $secs
run_dd() {
	local t0 t1
	t0=$(date +%s.%N)
	dd if=/dev/zero of=/dev/null bs=1 count="$n" 2>/dev/null
	t1=$(date +%s.%N)
	secs=$(echo "$t1 - $t0" | bc -l)
	echo "$n / $secs" | bc
}

# wait_ready FILE: until the tracer's BEGIN line is there
wait_ready() {
	local i
	for i in $(seq 600); do grep -q '^ready' "$1" 2>/dev/null && return 0; sleep 0.1; done
	echo "tracer did not start" >&2
	return 1
}

bare=$(run_dd)
printf '%-9s %10s %10s %12s\n' tracer lines drops calls/s
printf '%-9s %10s %10s %12s\n' none - - "$bare"

"$dtrace" -q -o "$dir/dt.out" -n '
BEGIN { printf("ready\n"); }
syscall::write:entry /execname == "dd"/ { printf("%d %d\n", pid, arg2); }' 2> "$dir/dt.err" &
dt=$!
wait_ready "$dir/dt.out"
rate=$(run_dd)
sleep 2
kill -INT "$dt"
wait "$dt"
lines=$(grep -c ' 1$' "$dir/dt.out")
drops=$(grep -o '[0-9]* drops\? on CPU' "$dir/dt.err" | awk '{ s += $1 } END { print s + 0 }')
printf '%-9s %10s %10s %12s\n' dtrace "$lines" "$drops" "$rate"

bpftrace -o "$dir/bt.out" -e '
BEGIN { printf("ready\n"); }
tracepoint:syscalls:sys_enter_write /comm == "dd"/ { printf("%d %d\n", pid, args->count); }' \
	> "$dir/bt.err" 2>&1 &
bt=$!
wait_ready "$dir/bt.out"
rate=$(run_dd)
sleep 2
kill -INT "$bt"
wait "$bt"
lines=$(grep -c ' 1$' "$dir/bt.out")
lost=$(cat "$dir/bt.out" "$dir/bt.err" | grep -o 'Lost [0-9]* events' | awk '{ s += $2 } END { print s + 0 }')
printf '%-9s %10s %10s %12s\n' bpftrace "$lines" "$lost" "$rate"
