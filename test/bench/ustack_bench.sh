#!/bin/bash
# ustack() costs in one guest boot. First the firing: ns per getppid()
# call of test/bench/ustack_loop.c with the syscall entry probe doing
# @[ustack()] = count() with frame pointers only (-x ustackbytes=0) and
# with 4k, 8k, 16k and 64k of stack copied, next to no tracing and
# @ = count(); once as the program is (a few KiB of stack above the
# calls: the copy stops at the stack's top) and once below a 64 KiB
# stack buffer (every copy full). Then the consumer: M records of
# ustack() traced and printed with each ustackbytes, stacks per second
# (the run of M/10 records subtracted, which takes out dtrace's start).
# Run in the guest: test/vm/run -- test/bench/ustack_bench.sh [N [M]]
. "$(dirname "$0")/guest_setup.sh"
n=${1:-50000}
m=${2:-20000}
bench_cc ustack_loop uloop

# timed DEPTH [DTRACE ARGS...]: "ns/call stack-bytes" of $n calls below
# DEPTH bytes of stack buffer, the fastest of 3, with dtrace (if any)
# enabled first.
timed() {
	local depth=$1 tracer= best= bytes r out
	shift
	if [ $# -gt 0 ]; then
		"$dtrace" -q "$@" > "$dir/tr" 2>&1 &
		tracer=$!
		sleep 4
	fi
	for r in 1 2 3; do
		out=$(echo go | "$dir/uloop" "$n" "$depth" | tail -n 2)
		bytes=${out#*$'\n'}
		out=${out%%$'\n'*}
		if [ -z "$best" ] || [ "$out" -lt "$best" ]; then best=$out; fi
	done
	[ -n "$tracer" ] && kill -INT "$tracer" && wait "$tracer"
	grep -i 'drop' "$dir/tr" | head -n 1
	echo "$best $bytes"
}

probe='syscall::getppid:entry /execname == "uloop"/'
echo "firing: depth case ns/call stack-above-sp"
for depth in 0 65536; do
	echo "$depth none $(timed $depth)"
	echo "$depth count $(timed $depth -n "$probe { @ = count(); }")"
	for b in 0 4k 8k 16k 64k; do
		echo "$depth ustackbytes=$b $(timed $depth -x ustackbytes=$b \
			-n "$probe { @[ustack()] = count(); }")"
	done
done

# consumer RECORDS BYTES: seconds dtrace took to trace and print RECORDS
# ustack() records (buffers big enough that nothing drops), how many it
# printed (their leaf in libc's syscall()) and how many with main named.
consumer() {
	local s e
	s=$(date +%s.%N)
	"$dtrace" -q -x ustackbytes="$2" -x bufsize=64m -x switchrate=20hz \
		-c "$dir/uloop $1" -n "$probe { ustack(); }" < <(echo go) > "$dir/out" 2>&1
	e=$(date +%s.%N)
	echo "$(echo "$e - $s" | bc) $(grep -c 'libc.so.6`syscall+' "$dir/out")" \
		"$(grep -c 'uloop`main' "$dir/out")"
}

echo "consumer: ustackbytes records with-main seconds records/10 seconds stacks/s"
for b in 0 4k 8k 16k 64k; do
	set -- $(consumer "$m" "$b") $(consumer $((m / 10)) "$b")
	echo "$b $2 $3 $1 $5 $4 $(echo "($2 - $5) / ($1 - $4)" | bc)"
done
