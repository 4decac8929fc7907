same: 15 15
differ: 15 7
thread: 1 0
union: 99

