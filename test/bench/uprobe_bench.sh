#!/bin/bash
# The cost of a user-space probe firing, side by side in one guest boot:
# a loop calling a function with no probe, with the dtrace pid entry probe
# enabled (@ = count()), and with a bpftrace uprobe doing the same.
# Run in the guest: test/vm/run -- test/bench/uprobe_bench.sh [N]
# Prints nanoseconds per call for each and the ratios to bare uprobes
# (bpftrace's figure includes its own BPF program).
. "$(dirname "$0")/guest_setup.sh"
upk=$top/build/test/kcore/upk_probe
n=${1:-20000}

# run_loop SETUP-FN: starts the loop, lets SETUP-FN attach (setting
# $tracer), runs it; ns/call in $result; the tracer is stopped after.
run_loop() {
	local i
	mkfifo "$dir/go"
	"$upk" bench "$n" < "$dir/go" > "$dir/out" &
	local p=$!
	exec 3> "$dir/go"
	for i in $(seq 100); do grep -q ready "$dir/out" && break; sleep 0.1; done
	"$1" "$p"
	echo go >&3
	exec 3>&-
	wait "$p"
	rm -f "$dir/go"
	result=$(tail -n 1 "$dir/out")
	if [ -n "$tracer" ]; then
		kill "$tracer"
		wait "$tracer" 2>/dev/null
	fi
	tracer=
}

tracer=
none() { :; }
with_dtrace() {
	"$upk" create "$1" entry pid upk_add entry upk_add > /dev/null
	"$dtrace" -q -n "pid$1:upk_probe:upk_add:entry { @ = count(); }
	    BEGIN { printf(\"go\n\"); }" > "$dir/dt" 2>&1 &
	tracer=$!
	waitfor go "$dir/dt"
}
with_bpftrace() {
	bpftrace -e "uprobe:$upk:upk_add /pid == $1/ { @ = count(); }" \
		> "$dir/bt" 2>&1 &
	tracer=$!
	waitfor Attaching "$dir/bt" && sleep 1
}

run_loop none; base=$result
run_loop with_dtrace; dt=$result
command -v bpftrace > /dev/null && { run_loop with_bpftrace; bt=$result; }
echo "calls: $n"
echo "no probe: $base ns/call"
echo "dtrace pid entry, @ = count(): $dt ns/call"
if command -v bpftrace > /dev/null; then
	echo "bpftrace uprobe, @ = count(): $bt ns/call"
	echo "dtrace / bpftrace per firing: $(awk -v d="$dt" -v b="$bt" -v z="$base" 'BEGIN { printf "%.2f", (d - z) / (b - z) }')"
fi
