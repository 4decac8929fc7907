dtrace_fds tmpfs path 1 dir 1 <unknown> offset 0 wronly 1
dtrace_fds tmpfs path 1 dir 1 <unknown> offset 1 wronly 1
dtrace_fds tmpfs path 1 dir 1 <unknown> offset 2 wronly 1
pipe <unknown> <unknown> <unknown>

  tmpfs                                                             3
