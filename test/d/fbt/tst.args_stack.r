arg6 on the kernel stack: 1
args[6] == arg6: 1, sizeof (*args[6]): 8
