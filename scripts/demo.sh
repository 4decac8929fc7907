#!/usr/bin/env bash
# make demo: from a fresh clone to a D program's output, one line a step
# (with the time since the start) so that the wait is never silent.
# Installs only the packages the build needs (scripts/deps.sh --demo);
# the kernel headers and the guest kernel go under build/, never into
# /boot or /lib/modules. Builds only build/dtrace and the module. Runs the
# program natively when the module is built for the running kernel and it
# can load modules, otherwise in the guest (test/vm/run; no debug vmlinux
# fetched: DTVM_DBG=0).
# Usage: scripts/demo.sh BUILD JOBS PROGRAM   (make passes KDIR on)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
build=${1:-build} jobs=${2:-2} prog=${3:-'BEGIN { trace("hello"); exit(0); }'}
t0=$SECONDS
step() { printf 'demo: [%d:%02d] %s\n' $(((SECONDS - t0) / 60)) $(((SECONDS - t0) % 60)) "$*"; }

step "host packages and the guest kernel's headers (scripts/deps.sh --demo)"
scripts/deps.sh --demo
step "building userspace: $build/dtrace"
[ -f "$build/CMakeCache.txt" ] || cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DDTRACE_WERROR=ON >/dev/null
cmake --build "$build" -j "$jobs" --target dtrace_cmd
step "building the module: $build/kernel/dtrace.ko"
make --no-print-directory -j "$jobs" module
kver=$(modinfo -F vermagic "$build/kernel/dtrace.ko" | cut -d' ' -f1)
if [ -e /proc/modules ] && [ "$kver" = "$(uname -r)" ]; then
    step "loading the module into the running kernel $kver"
    rmmod dtrace 2>/dev/null || true
    insmod "$build/kernel/dtrace.ko"
    step "running: dtrace -n '$prog'"
    rc=0
    "$build/dtrace" -n "$prog" || rc=$?
    rmmod dtrace
    exit $rc
fi
export DTVM_DBG=0
step "fetching the guest kernel $kver into build/vm/ (test/vm/setup)"
test/vm/setup
step "booting the $kver guest (QEMU) and running: dtrace -n '$prog'"
rc=0
test/vm/run -- "$build/dtrace" -n "$prog" || rc=$?
step "done (exit $rc)"
exit $rc
