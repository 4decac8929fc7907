tracepoint 10 poi
1 1 1
-9876

