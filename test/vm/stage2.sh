#!/bin/sh
# Guest stage 2. test/vm/run copies this file into the run dir; the initramfs runs it
# with /bin/sh after chrooting into the host root (shared over virtiofs), as
#   stage2 RUNDIR
# Run dir protocol (all written by the host unless noted):
#   module           absolute path of the module to insmod (empty: none)
#   cmd.sh           sourced in a clean environment: sets env, cds, execs the command
#   stdout, stderr   the command's output (written here, followed live by the host)
#   status           the command's exit status (written here, last)
#   insmod-failed    written here if insmod failed; insmod.log holds the reason
run=$1
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export PATH

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /dev/pts /dev/shm
mount -t devpts -o gid=5,mode=620,ptmxmode=666 devpts /dev/pts
mount -t tmpfs -o mode=1777 tmpfs /dev/shm
mount -t tracefs tracefs /sys/kernel/tracing
[ -d /sys/kernel/debug ] && mount -t debugfs debugfs /sys/kernel/debug
[ -d /sys/fs/bpf ] && mount -t bpf bpf /sys/fs/bpf 2>/dev/null
[ -d /sys/fs/cgroup ] && mount -t cgroup2 cgroup2 /sys/fs/cgroup 2>/dev/null

mod=$(cat "$run/module" 2>/dev/null)
if [ -n "$mod" ]; then
    if ! insmod "$mod" >"$run/insmod.log" 2>&1; then
        {
            echo "--- guest dmesg (last lines) ---"
            dmesg | tail -n 15
        } >>"$run/insmod.log" 2>&1
        : >"$run/insmod-failed"
        sync
        exit 0
    fi
fi

(
    # Start from an empty environment; cmd.sh exports the caller's.
    for v in $(env | sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*\)=.*/\1/p'); do
        unset "$v" 2>/dev/null
    done
    . "$run/cmd.sh"
) </dev/null >"$run/stdout" 2>"$run/stderr"
echo $? >"$run/status.tmp"
mv "$run/status.tmp" "$run/status"
sync
exit 0
