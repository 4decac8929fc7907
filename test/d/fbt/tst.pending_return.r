dtrace exit: 0

entry
return
tracing
sleep exit: 0
functions left traced: 0
kprobes left: 0
enabled again

