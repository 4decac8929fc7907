one 1 two 2
7 5 A 4

