
enqueue cpu 1 pset -1
off-cpu lwpid 1 pid 1 fname 1
