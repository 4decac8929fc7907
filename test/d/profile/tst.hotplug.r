
cpu0 at most its own rate: 1
cpu1 fires again when online: 1
rc=0

