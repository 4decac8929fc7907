
lwp-create same process 1, new tid 1
lwp-exit in a thread 1
lwp-start in a thread 1
