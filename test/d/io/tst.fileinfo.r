requests 1, offsets in file 1
dtrace_fileinfo ext4 <unknown> <unknown> <unknown>

raw: <none> <none> <none> -1

