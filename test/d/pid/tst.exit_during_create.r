dtrace ended
probes left: 0
