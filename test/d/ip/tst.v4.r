count receive 127.0.0.1 10-11
count send 127.0.0.1 10-11
if receive lo 1 10-11
if send lo 1 10-11
v4 receive 127.0.0.1 TCP 64 1 1 1 10-11
v4 send 127.0.0.1 TCP 64 1 1 1 10-11
ipv4_flags 4
