exit 0
calls: 20
exited: ok
