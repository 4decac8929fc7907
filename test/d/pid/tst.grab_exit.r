END after some ticks

dtrace exit 0
dtrace: pid PID has exited
