unset 0
42 thread
freed 0

