 sdt sched sched_switch
 sdt sched sched_process_exec
 sdt raw_syscalls sys_enter
   ID   PROVIDER            MODULE                          FUNCTION NAME
dtrace: failed to match sdt:::no_such_tracepoint: No probe matches description
exit 0
many probes: 1
