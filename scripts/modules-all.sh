#!/usr/bin/env bash
# make modules-all: the module for every supported kernel (test/vm/kernels)
# but the default one (make module builds that), each in its own copy of
# kernel/ so that the kernels' objects never mix, landing in
# BUILD/kernel-<version>/dtrace.ko, where test/vm/run looks for it.
# A kernel with a chroot suite (third column) builds inside
# build/chroot-SUITE (test/vm/chroot makes it), with that suite's
# compiler; the others against their headers under build/headers/
# (test/vm/headers, test/vm/kdir), with the host's compiler.
# Usage: scripts/modules-all.sh BUILD JOBS   (warnings are errors)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
# Our makes run with their own -j, not the caller's jobserver.
unset MAKEFLAGS MFLAGS MAKELEVEL
build=${1:-build} jobs=${2:-2}

die() { echo "modules-all: error: $*" >&2; exit 1; }

# The chroots first: kver reads their headers' versions.
awk '!/^#/ && NF >= 3 { print $3, $2 }' test/vm/kernels | while read -r suite meta; do
    test/vm/chroot "$suite" "$meta" || die "cannot make the $suite chroot"
done

default=$(test/vm/kver)
for k in $(test/vm/kver --all); do
    [ "$k" = "$default" ] && continue
    suite=$(test/vm/kver --suite "$k")
    if [ -n "$suite" ]; then
        root=$(test/vm/chroot --path "$suite")
        src=$root/dtrace/kmod-$k
    else
        root=
        src=$top/$build/kmod-$k
        kdir=$(DTVM_KVER=$k test/vm/kdir) || { echo "modules-all: no headers for $k; skipped" >&2; continue; }
    fi
    mkdir -p "$src" "$build/kernel-$k"
    tar -C kernel --exclude='*.o' --exclude='*.ko' --exclude='.*.cmd' \
        --exclude='*.mod' --exclude='*.mod.c' --exclude=compat_auto.h \
        --exclude=modules.order --exclude=Module.symvers \
        -cf - . | tar -C "$src" -xf -
    echo "modules-all: $k${suite:+ (in chroot-$suite)}"
    t0=$SECONDS
    if [ -n "$suite" ]; then
        # objtool reads /proc: mounted in a private namespace, gone after.
        unshare --mount --propagation private sh -c 'mount -t proc proc "$1/proc" &&
            exec chroot "$1" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C \
            make -j"$2" -C "/lib/modules/$3/build" M="/dtrace/kmod-$3" \
            DTRACE_WERROR=1 modules' sh "$root" "$jobs" "$k" \
            || die "the module for $k failed to build"
    else
        make -j"$jobs" -C "$kdir" M="$src" DTRACE_WERROR=1 modules \
            || die "the module for $k failed to build"
    fi
    cp "$src/dtrace.ko" "$build/kernel-$k/dtrace.ko"
    echo "modules-all: $k built in $((SECONDS - t0)) s"
done
