 tcp vmlinux accept-established
 tcp vmlinux accept-refused
 tcp vmlinux connect-established
 tcp vmlinux connect-refused
 tcp vmlinux connect-request
 tcp vmlinux receive
 tcp vmlinux send
 tcp vmlinux state-change
tcp state-change
state-change args[0]: pktinfo_t *
state-change args[1]: csinfo_t *
state-change args[2]: ipinfo_t *
state-change args[3]: tcpsinfo_t *
state-change args[4]: tcpinfo_t *
state-change args[5]: tcplsinfo_t *
tcp send
send args[0]: pktinfo_t *
send args[1]: csinfo_t *
send args[2]: ipinfo_t *
send args[3]: tcpsinfo_t *
send args[4]: tcpinfo_t *
tcp receive
receive args[0]: pktinfo_t *
receive args[1]: csinfo_t *
receive args[2]: ipinfo_t *
receive args[3]: tcpsinfo_t *
receive args[4]: tcpinfo_t *
