 udp vmlinux receive
 udp vmlinux send
udp send
send args[0]: pktinfo_t *
send args[1]: csinfo_t *
send args[2]: ipinfo_t *
send args[3]: udpsinfo_t *
send args[4]: udpinfo_t *
udp receive
receive args[0]: pktinfo_t *
receive args[1]: csinfo_t *
receive args[2]: ipinfo_t *
receive args[3]: udpsinfo_t *
receive args[4]: udpinfo_t *
