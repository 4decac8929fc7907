loaded with 2 buckets: 0
loops alive: 32
dtrace exit: 0
tasks with a hooked return: 1
rmmod with returns pending: 0
sleepers back: 32
loaded again: 0
returns fired: 1
misses reported: 1
misses at most entries not returned: 1
kernel log clean
