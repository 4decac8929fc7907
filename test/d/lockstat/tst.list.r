 lockstat vmlinux adaptive-acquire-error
 lockstat vmlinux adaptive-block
 lockstat vmlinux adaptive-spin
 lockstat vmlinux rw-block
 lockstat vmlinux rw-spin
 lockstat vmlinux spin-spin
lockstat rw-block
		args[0]: struct rw_semaphore *
		args[1]: uint64_t
		args[2]: int
lockstat adaptive-block
		args[0]: struct mutex *
		args[1]: uint64_t
