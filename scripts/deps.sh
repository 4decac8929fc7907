#!/usr/bin/env bash
# Install the Debian packages this project needs to build and test, and
# fetch the guest kernels' headers into build/ (never onto the host).
#   scripts/deps.sh          what make check needs: the build's packages and
#                            the tests', every kernel's headers (the chroot
#                            kernels' in build/chroot-SUITE)
#   scripts/deps.sh --demo   what make demo needs: the build's packages and
#                            the default kernel's headers
# Idempotent: packages already installed are left alone, and nothing is printed
# unless something has to be installed or fetched. Intended for Debian 12, run
# as root. No kernel is installed: the headers are unpacked under
# build/headers/ (test/vm/headers), the guest kernels under build/vm/
# (test/vm/setup), so /boot and /lib/modules stay as they were.
set -euo pipefail

die() { echo "deps.sh: error: $*" >&2; exit 1; }

# What building build/dtrace and the module, and booting the guest, need.
BUILD_PACKAGES=(
    build-essential cmake pkg-config
    ccache              # a fresh clone's rebuild of the same sources (Makefile)
    bison flex
    libelf-dev libdw-dev binutils-dev
    libiberty-dev       # Rust symbol names (libdtrace/consume/demangle.cc)
    zlib1g-dev          # debuglink CRCs (libdtrace/proc/elf_debuginfo.cc); libdw reads MiniDebugInfo
    libbpf-dev          # the bpf backend loads its programs and maps with libbpf (libdtrace/bpf)
    libgtest-dev libgmock-dev googletest    # CMake's configure step asks for GTest
    qemu-system-x86 busybox-static cpio kmod
    # and what the kernel headers depend on (gcc-12, kbuild's libraries,
    # pahole): test/vm/headers --host-depends
)
# What the tests (make check) need besides.
TEST_PACKAGES=(
    systemtap-sdt-dev   # <sys/sdt.h> for the stapsdt test trigger (test/triggers)
    libdebuginfod1      # what libdw loads for DEBUGINFOD_URLS (test/unit/proc/elf_debuginfo_test.cc)
    libbenchmark-dev
    clang-14 libclang-rt-14-dev valgrind bpftrace
    clang-format        # scripts/format.sh and the format_check test
    strace              # test/bpf/dtrace_bpf.sh: the order of AGGSNAP's bpf() calls
    dkms                # the make_deb test builds the module from dtrace-dkms
    debhelper dh-dkms lintian   # make deb (debian/) and its checks
    debootstrap         # test/vm/chroot: the kernels the host's compiler cannot build for
    iputils-ping xfsprogs   # what Oracle's ip and io tests run (test/oracle/runsuite)
    gdb                 # gcore dumps for the dtrace_core test (test/postmortem)
)

demo=0
case "${1:-}" in
    --demo) demo=1 ;;
    "") ;;
    *) die "unknown argument '$1' (usage: scripts/deps.sh [--demo])" ;;
esac

[ "$(id -u)" -eq 0 ] || die "must run as root (apt-get install needs it)"
command -v apt-get >/dev/null && command -v dpkg-query >/dev/null \
    || die "apt-get/dpkg-query not found; a Debian system is required"

export DEBIAN_FRONTEND=noninteractive
updated=0

installed() {
    local st
    st=$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) || return 1
    [ "$st" = "install ok installed" ]
}

# Install the packages given as arguments that are not installed yet.
ensure() {
    local missing=() p
    for p in "$@"; do
        installed "$p" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "deps.sh: installing: ${missing[*]}"
    if [ "$updated" -eq 0 ]; then
        apt-get update -q >/dev/null || die "apt-get update failed"
        updated=1
    fi
    apt-get install -y -q --no-install-recommends "${missing[@]}" \
        || die "apt-get install failed for: ${missing[*]}"
    for p in "${missing[@]}"; do
        installed "$p" || die "package $p is still not installed"
    done
}

if [ $demo -eq 1 ]; then
    ensure "${BUILD_PACKAGES[@]}"
else
    ensure "${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
fi

top=$(cd "$(dirname "$0")/.." && pwd)
kernels=$top/test/vm/kernels
[ -r "$kernels" ] || die "$kernels is missing"
# The kernels the host builds for: their headers unpacked into
# build/headers/ (apt-get download, dpkg-deb -x; kept there), then the
# host packages those depend on. For the demo only the default (first)
# kernel's.
if [ $demo -eq 1 ]; then
    series=$(awk '!/^#/ && NF { print $1; exit }' "$kernels")
else
    series=$(awk '!/^#/ && NF == 2 { print $1 }' "$kernels")
fi
# shellcheck disable=SC2086 # series names have no blanks
"$top/test/vm/headers" $series || die "cannot fetch the kernel headers"
for s in $series; do
    kver=$(DTVM_KVER=$s "$top/test/vm/kver") || die "no kernel version for $s"
    # shellcheck disable=SC2046 # one package name a line
    ensure $("$top/test/vm/headers" --host-depends "$kver")
done
[ $demo -eq 1 ] && exit 0
# Kernels with a suite (third column) get their headers and compiler in a
# chroot under build/, never on the host.
awk '!/^#/ && NF >= 3 { print $3, $2 }' "$kernels" | while read -r suite meta; do
    "$top/test/vm/chroot" "$suite" "$meta" || die "cannot make the $suite chroot"
done
exit 0
