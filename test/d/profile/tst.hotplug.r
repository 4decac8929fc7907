
cpu1 fires again when online: 1
cpu0 at most its own rate: 1

rc=0
