rmmod: 0
insmod: 0
reloaded null_blk functions traced: 0
 fbt null_blk null_queue_rq entry
after listing: 1
dtrace running
dtrace exit: 0
phase 0 entry fired
phase 0 return fired
phase 2 entry fired
phase 2 return fired

functions left traced: 0
reloaded again: 0
fired after reload

dtrace exit: 0
kernel log clean
