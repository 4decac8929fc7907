valid: ok
size_over: E2BIG
size_progmax: E2BIG
size_huge: E2BIG
argtypes_huge: E2BIG
argtypes_max: ok
argtypes_over: E2BIG
name_pid12: EPERM
name_pid: EPERM
name_digit: EPERM
name_fbt: EPERM
name_syscall: EPERM
name_dash: EINVAL
name_ok: ok
provs_max: ok
provs_over: ENOSPC
provs_more: ENOSPC
probes_max: ok
probes_over: ENOSPC
probes_more: ENOSPC
sites_max: ok
sites_over: ENOSPC
sites_more: ENOSPC
exists: EEXIST
bytes_more: ENOSPC
gens_max: ok
gens_more: ENOSPC
gens_after_remove: ok
remove_unknown: EINVAL
left: 0
pid entry fired
dtrace: pid N has exited

