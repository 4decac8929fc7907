#!/bin/sh
# Instructions per firing of each kcore_bench benchmark, from callgrind:
# instructions executed inside dtrace_core_probe() divided by the firings
# (its calls of fire(), once per firing).
# Deterministic, unlike the wall-clock figures of a shared machine.
# Usage: test/bench/callgrind.sh [BUILD_DIR]   (needs valgrind)
set -eu
build=${1:-build}
cmake --build "$build" -j2 --target kcore_bench >/dev/null
bin=$build/test/bench/kcore_bench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for bm in FireNoMatch FireMatch FireCount; do
	valgrind --tool=callgrind --callgrind-out-file="$tmp/$bm.out" \
		--toggle-collect=dtrace_core_probe "$bin" \
		--benchmark_filter="^$bm\$" --benchmark_min_time=0.01 \
		>/dev/null 2>&1
	ir=$(callgrind_annotate "$tmp/$bm.out" |
		awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
	calls=$(callgrind_annotate --tree=caller "$tmp/$bm.out" |
		grep -E '< .*:dtrace_core_probe \(([0-9,]+)x\)' |
		sed -E 's/.*\(([0-9,]+)x\).*/\1/' | tr -d , | head -1)
	echo "$bm: $((ir / calls)) instructions per firing ($ir / $calls)"
done
