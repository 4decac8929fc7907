# ASSERTION: udp:::send and udp:::receive fire for loopback datagrams,
# IPv4 and IPv6, with the datagram's ports, udp_length (12-byte payload
# plus the 8-byte header, also ip_plength) and addresses; udpsinfo_t's
# local and remote ends are this host's view (receive's datagram comes
# in). send's socket is the sender's (bound to PORT+1), receive's the
# receiver's (bound to PORT) and NULL for the datagram to PORT+2, where
# nothing listens; args[1] is the same socket.
# @@timeout: 400
port=41251
trace() {
python3 "$(dirname "$0")/udpload.py" $port 1000 $2 &
load=$!
"$1" -q -n '
inline int PORT = '$port';

udp:::send, udp:::receive
/args[4]->udp_dport == PORT || args[4]->udp_dport == PORT + 2/
{
	printf("%s %s %d->%d len %d plen %d sock %d cs %d sockport %d l %s:%d r %s:%d ip %s->%s\n",
	    args[4]->udp_dport == PORT ? "open" : "closed", probename,
	    args[4]->udp_sport, args[4]->udp_dport, args[4]->udp_length,
	    args[2]->ip_plength, args[3]->udps_addr != 0,
	    args[1]->cs_addr == args[3]->udps_addr, args[3]->udps_addr == 0 ?
	    -1 : ((struct sock *)args[3]->udps_addr)->__sk_common.skc_num,
	    args[3]->udps_laddr, args[3]->udps_lport,
	    args[3]->udps_raddr, args[3]->udps_rport,
	    args[2]->ip_saddr, args[2]->ip_daddr);
}

udp:::receive
/args[4]->udp_dport == PORT + 2 && ++n == 3/
{
	exit(0);
}' | sort -u
kill "$load" 2>/dev/null
wait "$load" 2>/dev/null
}
trace "$1" 4
trace "$1" 6
exit 0
