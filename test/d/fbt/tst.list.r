 fbt vmlinux vfs_read entry
 fbt vmlinux vfs_read return
 fbt vmlinux vfs_write entry
   ID   PROVIDER            MODULE                          FUNCTION NAME
dtrace: failed to match fbt::no_such_function_here:entry: No probe matches description
   ID   PROVIDER            MODULE                          FUNCTION NAME
dtrace: failed to match fbt:no_such_module:vfs_read:entry: No probe matches description
vfs_ functions: 1
