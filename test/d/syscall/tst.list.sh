# ASSERTION: syscall probes carry the kernel's system call names, module
# vmlinux and the names entry and return; unimplemented slots and
# unknown names match nothing.
"$1" -l -n 'syscall::read:' -n 'syscall::openat:entry' \
	-n 'syscall:vmlinux:exit_group:return' | awk 'NR > 1 { $1 = ""; print }'
"$1" -l -n 'syscall::ni_syscall:' 2>&1
"$1" -l -n 'syscall::no_such_call:entry' 2>&1
n=$("$1" -l -P syscall | awk 'NR > 1 && $3 != "vmlinux"' | wc -l)
echo "rows not in vmlinux: $n"
n=$("$1" -l -P syscall | awk 'NR > 1' | wc -l)
echo "many probes: $((n > 500))"
