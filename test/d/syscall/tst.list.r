 syscall vmlinux read entry
 syscall vmlinux read return
 syscall vmlinux openat entry
 syscall vmlinux exit_group return
   ID   PROVIDER            MODULE                          FUNCTION NAME
dtrace: failed to match syscall::ni_syscall:: No probe matches description
   ID   PROVIDER            MODULE                          FUNCTION NAME
dtrace: failed to match syscall::no_such_call:entry: No probe matches description
rows not in vmlinux: 0
many probes: 1
