tracing
query 0
query 1
query 2

dtrace: 3 late probe enablings refused (a limit was reached)
