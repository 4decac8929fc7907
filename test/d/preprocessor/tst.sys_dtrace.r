arg4 1 badaddr 1
0 4 1

