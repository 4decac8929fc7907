newest kept
no gaps
oldest overwritten
rc=0
