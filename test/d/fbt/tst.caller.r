vmlinux`do_syscall_64
vmlinux`entry_SYSCALL_64_after_hwframe
entry caller vmlinux`do_syscall_64
return caller vmlinux`do_syscall_64
entry alone caller vmlinux`do_syscall_64

profile caller is arg0: 1

off-cpu caller set: 1
