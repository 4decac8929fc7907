same id again: 1
entry: arg1 + 2 * arg0 = 0, pid 1, probeprov 1
return: arg0 0, arg1 + entry arg0 = 7

dtrace exit: 0
