#!/usr/bin/env bash
# Install the Debian packages this project needs to build and test.
# Idempotent: packages already installed are left alone, and nothing is printed
# unless something has to be installed. Intended for Debian 12, run as root.
set -euo pipefail

die() { echo "deps.sh: error: $*" >&2; exit 1; }

PACKAGES=(
    build-essential cmake pkg-config
    bison flex
    libelf-dev libdw-dev binutils-dev
    liblzma-dev zlib1g-dev  # MiniDebugInfo (xz) and debuglink CRCs (libdtrace/proc/elf_debuginfo.cc)
    systemtap-sdt-dev   # <sys/sdt.h> for the stapsdt test trigger (test/triggers)
    libgtest-dev libgmock-dev googletest libbenchmark-dev
    clang-14 libclang-rt-14-dev valgrind bpftrace
    clang-format        # scripts/format.sh and the format_check test
    qemu-system-x86 busybox-static cpio kmod
    dkms                # make deb's dtrace-dkms package is built by the make_deb test
    debootstrap         # test/vm/chroot: the kernels the host's compiler cannot build for
    # the guest kernels' headers: test/vm/kernels (below)
)

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

ensure "${PACKAGES[@]}"

# Each guest kernel (test/vm/kernels) is whatever its headers meta package points
# at. test/vm/setup downloads linux-image-$kver of exactly the version of
# linux-headers-$kver, so make sure that versioned headers package is installed and
# that the archive still has the matching image (the mirrors drop old kernel ABIs;
# then move the meta package on).
resolve_kver() {	# $meta -> $hdr, $kver
    local dep
    dep=$(dpkg-query -W -f='${Depends}' "$meta") \
        || die "cannot read the dependencies of $meta"
    hdr=$(printf '%s\n' "$dep" | tr ',' '\n' \
        | sed -n 's/^ *\(linux-headers-[0-9][^ ]*-cloud-amd64\).*/\1/p' | head -n1)
    [ -n "$hdr" ] || die "no versioned headers package in: $dep"
    kver=${hdr#linux-headers-}
}
image_available() {
    local hver
    hver=$(dpkg-query -W -f='${Version}' "$hdr") || return 1
    apt-cache madison "linux-image-$kver" 2>/dev/null | awk -F'|' '{gsub(/ /, "", $2); print $2}' \
        | grep -qxF "$hver"
}

kernels=$(dirname "$0")/../test/vm/kernels
[ -r "$kernels" ] || die "$kernels is missing"
# Kernels with a suite (third column) get their headers and compiler in a
# chroot under build/, never on the host.
awk '!/^#/ && NF >= 3 { print $3, $2 }' "$kernels" | while read -r suite meta; do
    "$(dirname "$0")/../test/vm/chroot" "$suite" "$meta" || die "cannot make the $suite chroot"
done
for meta in $(awk '!/^#/ && NF < 3 { print $2 }' "$kernels"); do
    ensure "$meta"
    resolve_kver
    ensure "$hdr"
    if ! image_available; then
        if [ "$updated" -eq 0 ]; then
            apt-get update -q >/dev/null || die "apt-get update failed"
            updated=1
        fi
        if ! image_available; then
            echo "deps.sh: linux-image-$kver matching $hdr is gone from the archive;" \
                 "upgrading $meta" >&2
            apt-get install -y -q --no-install-recommends "$meta" \
                || die "apt-get install $meta failed"
            resolve_kver
            ensure "$hdr"
            image_available || die "the archive has no linux-image-$kver of the same version as $hdr"
        fi
    fi
    [ -e "/lib/modules/$kver/build/Makefile" ] \
        || die "kernel build directory /lib/modules/$kver/build is missing after installing $hdr"
done
exit 0
