cycle: ok
session: go
cycle: ok
held by the session: 200 probe(s)
