hold: ok
cycle: ok
cycle: ok
holder's probes: 1024
session: go
session: end
