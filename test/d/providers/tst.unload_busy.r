ticks: 1

dtrace exit: 0
1
