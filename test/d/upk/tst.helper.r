generation: 1
upkhPID upk_probe main tick
args[0]: int (arg0)
args[1]: uint16_t * (arg1)
2 arguments
tick: arg0 < 0 1

dtrace exit: 0
remove 0
listed after remove: 0
