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
    libgtest-dev libgmock-dev googletest libbenchmark-dev
    qemu-system-x86 busybox-static cpio kmod
    linux-headers-cloud-amd64
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

# The guest kernel version is whatever the headers meta package points at; make sure
# the versioned headers package it depends on is present as well (a partially
# upgraded system can have the meta package without the matching headers).
dep=$(dpkg-query -W -f='${Depends}' linux-headers-cloud-amd64) \
    || die "cannot read dependencies of linux-headers-cloud-amd64"
hdr=$(printf '%s\n' "$dep" | tr ',' '\n' | sed -n 's/^ *\(linux-headers-[0-9][^ ]*-cloud-amd64\).*/\1/p' | head -n1)
[ -n "$hdr" ] || die "cannot find the versioned headers package in: $dep"
ensure "$hdr"
kver=${hdr#linux-headers-}
[ -e "/lib/modules/$kver/build/Makefile" ] \
    || die "kernel build directory /lib/modules/$kver/build is missing after installing $hdr"

# The guest image (linux-image-$kver) is fetched by test/vm/setup with
# `apt-get download`; make sure the archive still carries that exact version.
if ! apt-cache show "linux-image-$kver" >/dev/null 2>&1; then
    if [ "$updated" -eq 0 ]; then
        apt-get update -q >/dev/null || die "apt-get update failed"
        updated=1
    fi
    apt-cache show "linux-image-$kver" >/dev/null 2>&1 \
        || die "linux-image-$kver (matching the installed headers) is not available from apt; run 'apt-get update && apt-get install linux-headers-cloud-amd64' to move both to the current version"
fi
exit 0
