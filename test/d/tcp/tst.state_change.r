
accept-established 127.0.0.1 127.0.0.1 1
accept-refused 127.0.0.1 127.0.0.1 rst 1
args accept-established 127.0.0.1 127.0.0.1 v4 sport 1
args connect-established 127.0.0.1 127.0.0.1 v4 dport 1
args connect-request 127.0.0.1 127.0.0.1 syn 1 sport 1 pkt 1
client state-closed -> state-syn-sent -
client state-established -> state-fin-wait-1 -
client state-fin-wait-1 -> state-fin-wait-2 -
client state-fin-wait-2 -> state-time-wait -
client state-syn-sent -> state-established established
connect-established 127.0.0.1 127.0.0.1 1
connect-refused 127.0.0.1 127.0.0.1 0
connect-request 127.0.0.1 127.0.0.1 0
connect-request 127.0.0.1 127.0.0.1 1
server state-close-wait -> state-last-ack -
server state-closed -> state-listen -
server state-established -> state-close-wait -
server state-last-ack -> state-closed -
server state-listen -> state-closed -
server state-listen -> state-syn-received -
server state-syn-received -> state-established established
syn-received 127.0.0.1 127.0.0.1 rport 1
