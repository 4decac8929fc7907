accept-established 127.0.0.1 127.0.0.1 1
accept-refused 127.0.0.1 127.0.0.1 rst 1
client CLOSE -> SYN_SENT -
client ESTABLISHED -> FIN_WAIT1 -
client FIN_WAIT1 -> FIN_WAIT2 -
client FIN_WAIT2 -> CLOSE -
client SYN_SENT -> ESTABLISHED established
connect-established 127.0.0.1 127.0.0.1 1
connect-refused 127.0.0.1 127.0.0.1 0
connect-request 127.0.0.1 127.0.0.1 0
connect-request 127.0.0.1 127.0.0.1 1
server CLOSE -> LISTEN -
server CLOSE_WAIT -> LAST_ACK -
server ESTABLISHED -> CLOSE_WAIT -
server LAST_ACK -> CLOSE -
server LISTEN -> CLOSE -
server LISTEN -> SYN_RECV -
server SYN_RECV -> ESTABLISHED established
