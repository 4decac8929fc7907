# ASSERTION: the payloads of tcp:::send and tcp:::receive (ip_plength
# less tcp_offset) of a loopback connection that carries 100000 bytes
# add up to 100000 each way, IPv4 and IPv6, traced from before the
# connection (-c); every segment's whole tcpsinfo_t translates, without
# a fault, and where there is a socket it is the connection's.
# @@timeout: 400
port=41239
for fam in 4 6; do
"$1" -q -c "python3 $(dirname "$0")/tcpload.py BULK $port $fam" -n '
inline int PORT = '$port';

tcp:::send, tcp:::receive
/args[4]->tcp_dport == PORT/
{
	this->s = *args[3];
	@bytes[probename, args[2]->ip_ver] =
	    sum(args[2]->ip_plength - args[4]->tcp_offset);
	/* The client sends to PORT, the server receives at it. */
	@other[probename] = sum(args[1]->cs_addr != 0 &&
	    (probename == "send" ? this->s.tcps_rport : this->s.tcps_lport) !=
	    PORT);
}

ERROR
{
	printf("fault %d\n", arg4);
}

END
{
	printa("%s v%d %@d bytes\n", @bytes);
	printa("%s %@d segments of another socket\n", @other);
}'
done
