getppid calls 3
syscall vmlinux waitpid entry
syscall vmlinux waitpid return
waitpid errno 10
waitpid(-1)

