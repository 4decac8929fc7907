# ASSERTION: syscall probes carry the kernel's system call names, module
# vmlinux and the names entry and return; unimplemented slots and
# unknown names match nothing.
. "$(dirname "$0")/../lib/status.sh"
"$1" -l -n 'syscall::read:' -n 'syscall::openat:entry' \
	-n 'syscall:vmlinux:exit_group:return' | awk 'NR > 1 { $1 = ""; print }'
dt_ok "${PIPESTATUS[0]}" "dtrace -l syscall::read:"
"$1" -l -n 'syscall::ni_syscall:' 2>&1
"$1" -l -n 'syscall::no_such_call:entry' 2>&1
n=$(set -o pipefail; "$1" -l -P syscall | awk 'NR > 1 && $3 != "vmlinux"' | wc -l)
dt_ok $? "dtrace -l -P syscall"
echo "rows not in vmlinux: $n"
n=$(set -o pipefail; "$1" -l -P syscall | awk 'NR > 1' | wc -l)
dt_ok $? "dtrace -l -P syscall"
echo "many probes: $((n > 500))"
