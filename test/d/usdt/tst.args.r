plain ok
query-done ok
query-start ok
six 1 2 3 4 5 6

