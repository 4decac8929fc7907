query-start ok
query-done ok
six 1 2 3 4 5 6
plain ok

