more than 30000 entry probes: yes
dtrace exit: 0
fired: yes, vfs_read fired: yes
count above 1000
functions left traced: 0
