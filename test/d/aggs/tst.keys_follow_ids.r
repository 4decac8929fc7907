rc=0
0
200 entries
