vfs_fstatat: every entry returned 0
vfs_fstat: every entry returned 0, then its caller
