# Loopback UDP datagrams for the udp tests: a receiver bound to
# HOST:PORT, a sender bound to HOST:PORT+1 that sends it a 12-byte
# datagram, then the same to HOST:PORT+2, where nothing listens, every
# 0.2 s, ROUNDS times. HOST is 127.0.0.1, or ::1 with 6 as FAMILY.
# Usage: python3 udpload.py PORT ROUNDS FAMILY
import socket
import sys
import time

port, rounds = int(sys.argv[1]), int(sys.argv[2])
family, host = ((socket.AF_INET6, "::1") if sys.argv[3] == "6"
                else (socket.AF_INET, "127.0.0.1"))
rcv = socket.socket(family, socket.SOCK_DGRAM)
rcv.bind((host, port))
snd = socket.socket(family, socket.SOCK_DGRAM)
snd.bind((host, port + 1))
for _ in range(rounds):
    snd.sendto(b"0123456789ab", (host, port))
    assert rcv.recv(64) == b"0123456789ab"
    snd.sendto(b"0123456789ab", (host, port + 2))
    time.sleep(0.2)
