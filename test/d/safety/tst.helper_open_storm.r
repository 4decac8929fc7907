session: go
states, root session: 1
open: ok
open: ok
open: ok
states, during the storm: 1
states, after the storm: 1
a grace period per close: no
