hold: ok
cycle: ok
session: go
cycle: ok
remove while tracing: not slower
