populate on the kernel stack: 1
args[populate] == its arg: 1, sizeof (*args[populate]): 8

