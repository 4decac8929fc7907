#!/bin/bash
# ustack() costs in one guest boot: ns per getppid() call with the
# syscall entry probe doing @[ustack()] = count() with frame pointers
# only (-x ustackbytes=0) and with 8 KiB and 64 KiB of stack copied, next
# to no tracing and @ = count(); then the consumer's rate of unwinding:
# N records of ustack() traced and printed, seconds with and without
# stack bytes (the difference is libdw's unwinding).
# Run in the guest: test/vm/run -- test/bench/ustack_bench.sh [N]
top=$(cd "$(dirname "$0")/../.." && pwd)
dtrace=$top/build/dtrace
n=${1:-100000}
lsmod | grep -q '^dtrace ' || insmod "$top/build/kernel/dtrace.ko"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cc -O2 -o "$dir/loop" "$top/test/bench/syscall_loop.c" || exit 1

# timed [DTRACE ARGS...]: ns/call of $n calls, the fastest of 3, with
# dtrace (if any) enabled first.
timed() {
	local tracer= best= r one
	if [ $# -gt 0 ]; then
		"$dtrace" -q "$@" > "$dir/tr" 2>&1 &
		tracer=$!
		sleep 4
	fi
	for r in 1 2 3; do
		one=$(echo go | "$dir/loop" "$n" | tail -n 1)
		if [ -z "$best" ] || [ "$one" -lt "$best" ]; then best=$one; fi
	done
	[ -n "$tracer" ] && kill -INT "$tracer" && wait "$tracer"
	echo "$best"
}

probe='syscall::getppid:entry /execname == "loop"/'
echo "case ns/call"
echo "none $(timed)"
echo "count $(timed -n "$probe { @ = count(); }")"
for b in 0 8k 64k; do
	echo "ustack-bytes=$b $(timed -x ustackbytes=$b -n "$probe { @[ustack()] = count(); }")"
done

# The consumer: m records of ustack() to /dev/null (buffers big enough
# that nothing drops), seconds of dtrace's life.
m=$((n / 10))
for b in 0 8k; do
	s=$(date +%s.%N)
	"$dtrace" -q -x ustackbytes=$b -x bufsize=64m -x switchrate=20hz \
		-c "$dir/loop $m" -n "$probe { ustack(); }" < <(echo go) > "$dir/out" 2>&1
	e=$(date +%s.%N)
	echo "consumer ustackbytes=$b records=$(grep -c 'loop`main' "$dir/out") seconds=$(echo "$e - $s" | bc)"
done
