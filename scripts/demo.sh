#!/usr/bin/env bash
# make demo: from a fresh clone to a D program's output, one line a step
# (with the time since the start) so that the wait is never silent.
# Installs only the packages the build needs (scripts/deps.sh --demo);
# the kernel headers and the guest kernel go under build/, never into
# /boot or /lib/modules. Builds only BUILD/demo/dtrace and the module. Runs the
# program natively when the module is built for the running kernel and it
# can load modules; else natively through the bpf backend (doc/bpf.md) when
# this kernel runs dtrace's BPF programs (dtrace -V says "backend: bpf"),
# without the module; otherwise in the guest (test/vm/run; no debug vmlinux
# fetched: DTVM_DBG=0).
# Usage: scripts/demo.sh BUILD JOBS PROGRAM   (KDIR from the environment)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
build=${1:-build} jobs=${2:-2} prog=${3:-'BEGIN { trace("hello"); exit(0); }'}
t0=$SECONDS
step() { printf 'demo: [%d:%02d] %s\n' $(((SECONDS - t0) / 60)) $(((SECONDS - t0) % 60)) "$*"; }

step "host packages and the guest kernel's headers (scripts/deps.sh --demo)"
scripts/deps.sh --demo
# Where the module is not built for the running kernel, the guest's kernel
# is fetched while the rest builds (network, not CPU).
export DTVM_DBG=0
running_kdir=/lib/modules/$(uname -r)/build kdir=${KDIR:-}
[ -z "$kdir" ] && [ -e "$running_kdir/Makefile" ] && kdir=$running_kdir
# A kernel that cannot load the module may still run BPF: then no guest.
maybe_bpf=0
[ "$kdir" != "$running_kdir" ] && [ -e /sys/kernel/btf/vmlinux ] && [ "$(id -u)" -eq 0 ] && maybe_bpf=1
setup_pid= setup_log=$build/demo-setup.log
if [ "$kdir" != "$running_kdir" ] && [ $maybe_bpf -eq 0 ]; then
    step "fetching the guest kernel into build/vm/ meanwhile (test/vm/setup)"
    test/vm/setup > "$setup_log" 2>&1 &
    setup_pid=$!
fi
# The demo's dtrace has a build tree of its own, at -O1 without debug
# information: half the CPU of build/'s RelWithDebInfo (4 min 15 s
# against 8 min 15 s), which make check then builds as before.
demo_build=$build/demo
step "building userspace: $demo_build/dtrace (-O1, no tests)"
[ -f "$demo_build/CMakeCache.txt" ] || cmake -S . -B "$demo_build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_FLAGS_RELEASE=-O1 -DCMAKE_CXX_FLAGS_RELEASE=-O1 -DDTRACE_TESTS=OFF -DDTRACE_WERROR=ON >/dev/null
cmake --build "$demo_build" -j "$jobs" --target dtrace_cmd
if [ $maybe_bpf -eq 1 ] && "$demo_build/dtrace" -x backend=bpf -V | grep -qx 'dtrace: backend: bpf'; then
    step "this kernel cannot load the module; running through the bpf backend: dtrace -x backend=bpf -n '$prog'"
    rc=0
    "$demo_build/dtrace" -x backend=bpf -n "$prog" || rc=$?
    step "done (exit $rc)"
    exit $rc
fi
step "building the module: $build/kernel/dtrace.ko"
make --no-print-directory -j "$jobs" module
kver=$(modinfo -F vermagic "$build/kernel/dtrace.ko" | cut -d' ' -f1)
if [ -e /proc/modules ] && [ "$kver" = "$(uname -r)" ]; then
    step "loading the module into the running kernel $kver"
    rmmod dtrace 2>/dev/null || true
    insmod "$build/kernel/dtrace.ko"
    step "running: dtrace -n '$prog'"
    rc=0
    "$demo_build/dtrace" -n "$prog" || rc=$?
    rmmod dtrace
    exit $rc
fi
if [ -n "$setup_pid" ]; then
    step "waiting for the guest kernel $kver (test/vm/setup)"
    wait "$setup_pid" || { cat "$setup_log" >&2; exit 1; }
else
    step "fetching the guest kernel $kver into build/vm/ (test/vm/setup)"
    test/vm/setup
fi
step "booting the $kver guest (QEMU) and running: dtrace -n '$prog'"
rc=0
test/vm/run -- "$demo_build/dtrace" -n "$prog" || rc=$?
step "done (exit $rc)"
exit $rc
