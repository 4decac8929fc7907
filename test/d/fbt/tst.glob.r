entries and returns fired

dtrace exit: 0
kprobes left: 0
