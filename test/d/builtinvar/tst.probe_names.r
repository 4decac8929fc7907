dtrace:::BEGIN dtrace
1 1 1

