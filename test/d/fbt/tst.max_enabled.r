dtrace exit (returns): 1
dtrace exit (entries): 0
kprobes left: 0
enabled again
