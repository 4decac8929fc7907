tracing
testapp<pid> 0 select 0
testapp<pid> 1 select 1
testapp<pid> 2 select 2

