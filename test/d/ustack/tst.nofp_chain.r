profile: ok
syscall: ok
sched: ok
pid: ok
default: ok
