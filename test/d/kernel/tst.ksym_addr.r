vmlinux`vfs_read
vmlinux`vfs_read+0x1
same

