1 tick entry
1 tick return
tick entry
libc.so.6 getpid entry
missing process: exit 1
