profile: ok
syscall: ok
sched: ok
pid: ok
