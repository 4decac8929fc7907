syscall vmlinux waitpid entry
syscall vmlinux waitpid return
waitpid(-1)
waitpid errno 10
getppid calls 3

