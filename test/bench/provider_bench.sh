#!/bin/bash
# Provider costs side by side with bpftrace, in one guest boot:
# ns per getppid() call with no tracing, with dtrace's syscall entry
# probe and bpftrace's tracepoint (@ = count()), with an fbt / kprobe
# entry probe on __task_pid_nr_ns (@[execname] = count()); then the
# time to enable and disable a few hundred fbt entry probes, then all.
# Each case is the fastest of ROUNDS runs, and the five cases are run
# PASSES times in turn, keeping each case's fastest: the host's other
# load comes and goes over minutes, and one pass can land a case in a
# slow stretch (a single pass saw bpftrace's tracepoint at 975 and at
# 1,436 ns/call in two boots).
# Run in the guest: test/vm/run -- test/bench/provider_bench.sh [N [ROUNDS [PASSES]]]
. "$(dirname "$0")/guest_setup.sh"
n=${1:-100000}
rounds=${2:-5}
passes=${3:-3}
bench_cc syscall_loop loop

# run_loop [TRACER ARGS...]: the tracer started and attached first;
# the fastest of $rounds runs (the host's other load only slows a run
# down), ns/call in $result.
run_loop() {
	local tracer= r
	if [ $# -gt 0 ]; then
		"$@" > "$dir/tr" 2>&1 &
		tracer=$!
		waitfor "${ready:?}" "$dir/tr" || echo "tracer failed: $(head -c 300 "$dir/tr")"
		sleep 1
	fi
	result=
	for r in $(seq "$rounds"); do
		loop_once
		if [ -z "$result" ] || [ "$one" -lt "$result" ]; then result=$one; fi
	done
	if [ -n "$tracer" ]; then
		kill -0 "$tracer" 2>/dev/null || echo "tracer ended early: $(head -c 300 "$dir/tr")"
		kill -INT "$tracer" 2>/dev/null
		wait "$tracer" 2>/dev/null
	fi
}

ratio() { awk -v d="$1" -v b="$2" -v z="$3" 'BEGIN { if (b - z > 0) printf "%.2f", (d - z) / (b - z); else print "n/a" }'; }

echo "getppid calls per run: $n, fastest of $rounds runs in each of $passes passes"
# keep NAME: the smaller of $NAME and $result into NAME.
keep() { if [ -z "${!1}" ] || [ "$result" -lt "${!1}" ]; then printf -v "$1" %s "$result"; fi; }
base= dsc= dfbt= btp= bkp=
for pass in $(seq "$passes"); do
	run_loop; keep base
	ready=go
	run_loop "$dtrace" -q -n 'syscall::getppid:entry { @ = count(); }
	    BEGIN { printf("go\n"); }'; keep dsc
	run_loop "$dtrace" -q -n 'fbt::__task_pid_nr_ns:entry { @[execname] = count(); }
	    BEGIN { printf("go\n"); }'; keep dfbt
	ready=Attaching
	run_loop bpftrace -e 'tracepoint:syscalls:sys_enter_getppid { @ = count(); }'; keep btp
	run_loop bpftrace -e 'kprobe:__task_pid_nr_ns { @[comm] = count(); }'; keep bkp
done
echo "bare loop: $base ns/call"
echo "dtrace syscall::getppid:entry @ = count(): $dsc ns/call"
echo "dtrace fbt::__task_pid_nr_ns:entry @[execname] = count(): $dfbt ns/call"
echo "bpftrace tracepoint:syscalls:sys_enter_getppid @ = count(): $btp ns/call"
echo "bpftrace kprobe:__task_pid_nr_ns @[comm] = count(): $bkp ns/call"
echo "added cost per call, dtrace / bpftrace: syscall vs tracepoint $(ratio "$dsc" "$btp" "$base"), fbt vs kprobe $(ratio "$dfbt" "$bkp" "$base")"

# Enabling and disabling many fbt probes (one ftrace_ops whose filter
# changes in text-patch passes of 1,024 functions), then all entries,
# then all of them (no load runs meanwhile).
for glob in 'fbt::*_read*:entry' 'fbt:::entry' 'fbt:::'; do
	cnt=$("$dtrace" -l -n "$glob" 2>/dev/null | awk 'NR > 1' | wc -l)
	t0=$(date +%s.%N)
	"$dtrace" -q -n "$glob { }" -n 'BEGIN { printf("%d\n", walltimestamp); exit(0); }' > "$dir/one" 2>&1
	t1=$(date +%s.%N)
	awk -v a="$t0" -v b="$t1" -v m="$cnt" -v g="$glob" 'NR == 1 && $1 ~ /^[0-9]+$/ {
		w = $1 / 1e9
		printf "%d fbt probes (%s): enable %.1f s, disable and exit %.1f s\n", m, g, w - a, b - w
		ok = 1
	} END { if (!ok) printf "%d fbt probes (%s): failed\n", m, g }' "$dir/one"
done
