#!/bin/bash
# Compile-time benchmarks (not a timed test; numbers go in
# doc/performance.md):
#  1. the fbt one-liner with a kernel struct member, cold process, BTF
#     loading included: dtrace -e -n 'fbt::vfs_read:entry {...}'
#  2. a generated script of 2,000 clauses, dtrace -e -s.
# Usage: test/bench/compile.sh [path-to-dtrace] [runs]
set -eu
DTRACE=${1:-$(dirname "$0")/../../build/dtrace}
RUNS=${2:-20}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Milliseconds of wall time for each run of "$@", median and max printed.
measure() {
	local label=$1; shift
	local i t0 t1
	: > "$tmp/times"
	for ((i = 0; i < RUNS; i++)); do
		t0=$(date +%s%N)
		"$@" > /dev/null
		t1=$(date +%s%N)
		echo $(((t1 - t0) / 1000)) >> "$tmp/times"
	done
	sort -n "$tmp/times" | awk -v l="$label" '{ a[NR] = $1 }
	    END { printf "%-28s runs %d  median %.1f ms  max %.1f ms\n", l, NR, a[int((NR + 1) / 2)] / 1000, a[NR] / 1000 }'
}

measure "fbt member one-liner" "$DTRACE" -e -n \
    'fbt::vfs_read:entry { trace(((struct file *)arg0)->f_pos); }'

for ((i = 0; i < 2000; i++)); do
	printf 'syscall::read:entry\n/pid == %d && arg2 > %d/\n{\n\t@c[execname, %d] = count();\n\tself->t%d = timestamp;\n\ttrace(((struct file *)arg0)->f_pos + %d);\n}\n\n' \
	    "$i" "$i" "$i" "$((i % 50))" "$i"
done > "$tmp/big.d"
RUNS=$(( RUNS < 5 ? RUNS : 5 )) measure "2,000-clause script" "$DTRACE" -e -s "$tmp/big.d"
