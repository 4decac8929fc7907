pid 1 ppid 1 uid 1 gid 1 lwp 1 fname 1 nlwp 1 dmodel 1
state 1 sname O nested 1

