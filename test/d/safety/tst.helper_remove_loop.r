hold: ok
cycle: ok
session: go
cycle: ok
holder's probes: 1024
session: end
