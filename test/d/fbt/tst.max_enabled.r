dtrace exit (entries): 1
dtrace exit (returns): 1
kprobes left: 0
enabled again
