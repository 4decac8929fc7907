exit 0
matched many: 1
progress line before matched: 1
functions counted: 1
vfs_read counted
0
next dtrace traces
