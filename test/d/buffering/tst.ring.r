rc=0
while tracing: nothing
oldest overwritten
no gaps
newest kept
