cat fbt:vmlinux:vfs_read:entry 1

