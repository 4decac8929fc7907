cycle: ok
pid entry fired
dtrace: pid N has exited

