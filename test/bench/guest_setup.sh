# Sourced first by the benchmarks that run in the guest
# (test/vm/run -- test/bench/X.sh): sets $top (the source tree) and
# $dtrace (its build), loads the module unless it is loaded, and makes
# the scratch directory $dir, removed when the benchmark exits.
#   bench_cc SRC OUT: compiles test/bench/SRC.c (-O2) to $dir/OUT.
top=$(cd "$(dirname "$0")/../.." && pwd)
dtrace=$top/build/dtrace
lsmod | grep -q '^dtrace ' || insmod "$top/build/kernel/dtrace.ko"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
bench_cc() {
	cc -O2 -o "$dir/$2" "$top/test/bench/$1.c" || exit 1
}
