tick counts up: 1

dtrace exit 0
target state after dtrace: S
target exit 143
probes left: 0
