
10 clauses: exit 0
dtrace: failed to enable 'PROG': Enabling exceeds size limit: clause 10: probe syscall:vmlinux:write:entry may cost N units per firing, above the budget of 8388608
11 clauses: exit 1
alive

