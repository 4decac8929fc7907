x              2 0 1
dtrace         1 1 0

