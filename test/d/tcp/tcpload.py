# Loopback TCP traffic for the tcp and ip tests: one connection to a
# listener on 127.0.0.1:PORT (the client closes first, then the server),
# and one connection attempt to REFUSED, where nothing listens; with 6
# as FAMILY the same on [::1].
# Usage: python3 tcpload.py PORT REFUSED [ROUNDS [FAMILY]]
# With BULK as PORT: one connection to [::1]:REFUSED, or with 4 as
# ROUNDS to 127.0.0.1:REFUSED, that carries 100000 bytes.
# With UDP6 as PORT: send a datagram to [::1]:REFUSED every 0.2 s,
# ROUNDS times.
import socket
import sys
import time

rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 1
if sys.argv[1] == "UDP6":
    s = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)
    for _ in range(rounds):
        s.sendto(b"0123456789", ("::1", int(sys.argv[2])))
        time.sleep(0.2)
    sys.exit(0)
if sys.argv[1] == "BULK":
    family, host = ((socket.AF_INET, "127.0.0.1") if sys.argv[3] == "4"
                    else (socket.AF_INET6, "::1"))
    srv = socket.socket(family, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((host, int(sys.argv[2])))
    srv.listen(1)
    cli = socket.create_connection((host, int(sys.argv[2])))
    conn, _ = srv.accept()
    cli.sendall(bytes(100000))
    cli.shutdown(socket.SHUT_WR)
    got = 0
    while True:
        b = conn.recv(65536)
        if not b:
            break
        got += len(b)
    assert got == 100000
    sys.exit(0)
port, refused = int(sys.argv[1]), int(sys.argv[2])
v6 = len(sys.argv) > 4 and sys.argv[4] == "6"
family, host = (socket.AF_INET6, "::1") if v6 else (socket.AF_INET, "127.0.0.1")
for _ in range(rounds):
    srv = socket.socket(family, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((host, port))
    srv.listen(1)
    cli = socket.create_connection((host, port))
    conn, _ = srv.accept()
    cli.sendall(b"ping")
    conn.recv(4)
    cli.close()
    conn.recv(1)            # the client's FIN
    time.sleep(0.05)
    conn.close()
    time.sleep(0.05)
    srv.close()
    try:
        socket.create_connection((host, refused), timeout=2).close()
    except ConnectionRefusedError:
        pass
    time.sleep(0.2)
