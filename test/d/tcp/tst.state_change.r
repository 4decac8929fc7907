
accept-established 127.0.0.1 127.0.0.1 1
accept-refused 127.0.0.1 127.0.0.1 rst 1
client state-closed -> state-syn-sent -
client state-established -> state-fin-wait-1 -
client state-fin-wait-1 -> state-fin-wait-2 -
client state-fin-wait-2 -> state-closed -
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
