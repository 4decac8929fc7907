dequeue 1
enqueue 1
tick 1
wakeup 1
