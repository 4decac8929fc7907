a
bb
ccc
1

