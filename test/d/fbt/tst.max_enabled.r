dtrace exit: 1
kprobes left: 0
enabled again
