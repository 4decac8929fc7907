# ASSERTION: stack() unwinds through a return the fbt provider hooked:
# with ksys_read's return probe enabled, ksys_read returns into fbt's
# trampoline, yet vfs_read's entry stack still shows do_syscall_64
# above ksys_read, not the trampoline.
# @@timeout: 90
set -o pipefail	# a pipeline fails when dtrace does
"$1" -q -c 'cat /etc/hostname' -n '
fbt::ksys_read:return /pid == $target/ { n++; }
fbt::vfs_read:entry /pid == $target/ { stack(3); }' |
    sed -e 's/+0x[0-9a-f]*$//' -e 's/^ *//' | grep -v '^$' |
    grep -v "^$(cat /etc/hostname)\$" | sort -u
