
exit() first: dtrace 0, target running: no
dtrace failed: dtrace 1, target running: no
