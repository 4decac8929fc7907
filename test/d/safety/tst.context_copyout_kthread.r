
dtrace exit 0
intact
profile: invalid address
off-cpu: invalid address
