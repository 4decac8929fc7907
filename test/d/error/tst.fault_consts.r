arg4 1 badaddr 1 divzero 0
arg4 4 badaddr 0 divzero 1
0 1 2 3 4 5 6 7 8 9

