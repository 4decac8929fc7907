dtrace exit 0
intact
profile: invalid address
fbt: invalid address
