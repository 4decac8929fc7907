machine
1 2

