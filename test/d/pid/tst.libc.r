malloc 1001 in libc.so.6
malloc 1002 in libc.so.6
malloc 1003 in libc.so.6
getpid entry 3, returned the pid 3

exit 0
