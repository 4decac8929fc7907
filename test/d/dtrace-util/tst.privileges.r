dtrace: failed to initialize dtrace: DTrace requires additional privileges
exit 1
dtrace: failed to initialize dtrace: DTrace requires additional privileges
exit 1
