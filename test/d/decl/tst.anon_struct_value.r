one 1 two 2
7 8 A 4

