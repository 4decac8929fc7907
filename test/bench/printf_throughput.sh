#!/bin/bash
# Consumer throughput, side by side in one guest boot: test/bench/
# write_loop.c makes N one-byte write(2) calls; dtrace -q (default
# bufsize and switchrate) and then bpftrace print one line per call with
# printf. Each tracer is started once and measured over several runs:
# one writer flat out, one writer per CPU flat out, then one writer per
# CPU paced at halving rates (per writer) until a run loses nothing. Per
# run: the calls made, the lines received, the drops (dtrace) or lost
# events (bpftrace) reported and the calls per second made in all while
# traced. A run is complete when lines == calls (bpftrace reports losses
# late, so a run's drops column may hold the previous run's); the best
# complete rate is one the consumer sustains.
# Every wait is bounded: a tracer that does not start within START seconds
# (default 300; bpftrace compiles with LLVM, slow under TCG) or does not
# exit within 60 s of SIGINT is killed, and the output says so.
# Run in the guest: test/vm/run -- test/bench/printf_throughput.sh [N]
# TRACERS picks the runs (default "dtrace bpftrace"; dtrace-json is dtrace
# under -x oformat=json, one JSON line per call).
. "$(dirname "$0")/guest_setup.sh"
n=${1:-400000}
start_limit=${START:-300}
ncpu=$(nproc)
bench_cc write_loop write_loop

# wait_for PATTERN FILE SECS: until a line of FILE matches, at most SECS.
wait_for() {
	local end=$((SECONDS + $3))
	while [ $SECONDS -lt $end ]; do
		grep -q "$1" "$2" 2>/dev/null && return 0
		sleep 0.5
	done
	return 1
}

# wait_quiet FILE: until FILE has not grown for 3 s (at most 120 s): the
# tracer has printed all it has read.
wait_quiet() {
	local end=$((SECONDS + 120)) last=-1 size still=0
	while [ $SECONDS -lt $end ] && [ $still -lt 6 ]; do
		size=$(stat -c %s "$1")
		if [ "$size" = "$last" ]; then still=$((still + 1)); else still=0; fi
		last=$size
		sleep 0.5
	done
}

# run_writers K RATE CALLS: K writers (writer i on CPU i mod ncpu)
# released together, each making CALLS calls paced at RATE calls/s (0:
# flat out); the calls per second over all of them go to $rate.
run_writers() {
	local k=$1 i most=0 ns pids=() fds=()
	for i in $(seq "$k"); do
		rm -f "$dir/go$i"
		mkfifo "$dir/go$i"
		taskset -c $(((i - 1) % ncpu)) "$dir/write_loop" "$3" "$2" < "$dir/go$i" > "$dir/w$i" &
		pids+=($!)
	done
	for i in $(seq "$k"); do exec {fd}> "$dir/go$i"; fds+=("$fd"); done
	for i in $(seq "$k"); do wait_for ready "$dir/w$i" 60; done
	for fd in "${fds[@]}"; do echo go >&"$fd"; done
	for fd in "${fds[@]}"; do exec {fd}>&-; done
	wait "${pids[@]}"
	for i in $(seq "$k"); do
		ns=$(tail -n 1 "$dir/w$i")
		[ "${ns:-0}" -gt "$most" ] 2>/dev/null && most=$ns
	done
	rate=$(awk -v c=$((k * $3)) -v ns="$most" 'BEGIN { printf "%d", (ns > 0 ? c / (ns / 1e9) : 0) }')
}

row() { printf '%-9s %7s %9s %9s %9s %8s %10s\n' "$@"; }

# The tracer's lines so far, and the drops or lost events it reported.
lines() { grep -c '^x 1$\|"message":"x 1\\n"' "$dir/out"; }
losses() {
	cat "$dir/out" "$dir/err" | grep -o '[0-9]* drops\? on CPU\|Lost [0-9]* events' |
		tr -dc '0-9\n' | awk '{ s += $1 } END { print s + 0 }'
}

# measure NAME K RATE CALLS: one run; $complete says whether every line
# arrived.
measure() {
	local l0 d0 l1 d1
	l0=$(lines); d0=$(losses)
	run_writers "$2" "$3" "$4"
	wait_quiet "$dir/out"
	l1=$(lines); d1=$(losses)
	row "$1" "$2" "${3/#0/flat}" $(($2 * $4)) $((l1 - l0)) $((d1 - d0)) "$rate"
	complete=$([ $((l1 - l0)) = $(($2 * $4)) ] && echo 1)
}

# bench NAME CMD...: start the tracer, run the series, stop it.
bench() {
	local name=$1 pace=64000 end
	shift
	"$@" > "$dir/out" 2> "$dir/err" &
	tracer=$!
	if ! wait_for 'ready' "$dir/out" "$start_limit"; then
		kill -KILL "$tracer" 2>/dev/null
		echo "$name: did not start in ${start_limit}s: $(head -c 300 "$dir/err")"
		return
	fi
	measure "$name" 1 0 "$n"
	[ "$ncpu" -gt 1 ] && measure "$name" "$ncpu" 0 "$n"
	# Paced runs, one writer per CPU, last about 4 s (four switchrate
	# periods): halving rates until one loses nothing.
	while [ -z "$complete" ] && [ "$pace" -ge 500 ]; do
		measure "$name" "$ncpu" "$pace" $((pace * 4))
		pace=$((pace / 2))
	done
	kill -INT "$tracer" 2>/dev/null
	end=$((SECONDS + 60))
	while kill -0 "$tracer" 2>/dev/null && [ $SECONDS -lt $end ]; do sleep 0.5; done
	kill -0 "$tracer" 2>/dev/null && { kill -KILL "$tracer"; echo "$name: killed, SIGINT did not end it"; }
	wait "$tracer" 2>/dev/null
}

echo "flat-out calls per writer: $n, CPUs: $ncpu"
row tracer writers pace calls lines drops calls/s
run_writers 1 0 "$n"
row none 1 flat "$n" - - "$rate"
prog='BEGIN { printf("ready\n"); }
	syscall::write:entry /execname == "write_loop"/ { printf("x %d\n", arg2); }'
for t in ${TRACERS:-dtrace bpftrace}; do
	case $t in
	dtrace) bench dtrace "$dtrace" -q -n "$prog" ;;
	dtrace-json) bench dtrace-json "$dtrace" -q -x oformat=json -n "$prog" ;;
	# bpftrace writes -o files only at exit: its stdout is read instead.
	bpftrace) bench bpftrace bpftrace -e 'BEGIN { printf("ready\n"); }
	tracepoint:syscalls:sys_enter_write /comm == "write_loop"/ { printf("x %d\n", args->count); }' ;;
	esac
done
