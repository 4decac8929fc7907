# ASSERTION: udp:::send and udp:::receive fire for loopback datagrams,
# IPv4 and IPv6, with the datagram's ports, udp_length (12-byte payload
# plus the 8-byte header, also ip_plength) and addresses; udpsinfo_t's
# local and remote ends are this host's view (receive's datagram comes
# in). send's socket is the sender's (bound to PORT+1), receive's the
# receiver's (bound to PORT) and NULL for the datagram to PORT+2, where
# nothing listens; args[1] is the same socket. One round is printed,
# from one datagram received at PORT+2 to the next, each firing once:
# one seen twice shows twice. The lines are sorted
# (lib/each_ip_version.sh).
# @@timeout: 400
. "$(dirname "$0")/../lib/each_ip_version.sh"
port=41251
# trace DTRACE V OUT
trace() {
python3 "$(dirname "$0")/udpload.py" $port 1000 $2 &
load=$!
"$1" -q -n '
inline int PORT = '$port';

/* One round is printed: from one datagram at PORT+2 to the next. */
udp:::receive
/args[4]->udp_dport == PORT + 2/
{
	n++;
}

udp:::send, udp:::receive
/n == 1 && (args[4]->udp_dport == PORT || args[4]->udp_dport == PORT + 2)/
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
/n == 2/
{
	exit(0);
}' > "$3"
local rc=$?
kill "$load" 2>/dev/null
wait "$load" 2>/dev/null
return $rc
}
each_ip_version trace "$1"
