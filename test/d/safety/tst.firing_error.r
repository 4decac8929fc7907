ERROR runs: 1

exit 0
dtrace: 39 errors in ERROR probe enabling
dtrace: error on enabled probe ID N (ID M: syscall:vmlinux:exit_group:entry): invalid address (0x0) in action #1 at DIF offset 16
