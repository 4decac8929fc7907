END after some ticks

dtrace exit 0
