# ASSERTION: tcp:::send and tcp:::receive fire for the segments of a
# loopback connection, IPv4 and IPv6: the handshake's SYN, SYN|ACK and
# ACK (seq and ack numbers chained), the 4-byte write (ip_plength less
# tcp_offset), both FINs and the refused SYN's RST|ACK, each sent and
# received. args[1] and args[3] are the full TCP socket or, where none
# owns the segment (the listener's SYN, the SYN-ACK's request socket,
# the handshake's ACK at the request socket, the RST from the control
# socket), a NULL socket whose tcpsinfo_t has the state (or 0) and its
# ports and addresses from the headers; args[2] and args[4] are the
# segment's headers. One round is printed, from the refused SYN's RST
# received to the next, each segment once: one seen twice shows twice
# (no segment of a loopback round is lost, so none is retransmitted).
# The lines are sorted (lib/each_ip_version.sh).
# @@timeout: 400
. "$(dirname "$0")/../lib/until_exit.sh"
. "$(dirname "$0")/../lib/each_ip_version.sh"
port=41237 refused=41238
# trace DTRACE V OUT
trace() {
"$1" -q -n '
inline int PORT = '$port';
inline int REFUSED = '$refused';
uint32_t iss_c, iss_s;	/* the SYN sequence numbers, client and server */

/* One round is printed: from one RST received to the next (see the end). */
tcp:::receive
/(args[4]->tcp_flags & TH_RST) && args[4]->tcp_sport == REFUSED/
{
	refusals++;
}

tcp:::send, tcp:::receive
/args[4]->tcp_sport == PORT || args[4]->tcp_dport == PORT ||
 args[4]->tcp_sport == REFUSED || args[4]->tcp_dport == REFUSED/
{
	this->f = args[4]->tcp_flags;
	this->len = args[2]->ip_plength - args[4]->tcp_offset;
	this->srv = args[4]->tcp_sport == PORT || args[4]->tcp_sport == REFUSED;
	this->hs = this->f == TH_ACK && this->len == 0 &&
	    args[4]->tcp_seq == (uint32_t)(iss_c + 1) &&
	    args[4]->tcp_ack == (uint32_t)(iss_s + 1);
	this->show = (this->f & (TH_SYN | TH_FIN | TH_RST)) || this->len > 0 ||
	    this->hs;
	this->fin = (this->f & TH_FIN) != 0;
}

tcp:::send
/this->show && this->f == TH_SYN && args[4]->tcp_dport == PORT/
{
	iss_c = args[4]->tcp_seq;
}

tcp:::send
/this->show && this->f == (TH_SYN | TH_ACK)/
{
	iss_s = args[4]->tcp_seq;
}

tcp:::send, tcp:::receive
/this->show && refusals == 1/
{
	printf("%s %s %s flags %x len %d ack-of-syn %d sock %d state %s at %s local %d %s %s %s %s\n",
	    args[4]->tcp_sport == REFUSED || args[4]->tcp_dport == REFUSED ?
	    "refused" : "conn", probename,
	    this->srv ? "server->client" : "client->server", this->f,
	    this->len, (this->f & TH_SYN) && (this->f & TH_ACK) ?
	    args[4]->tcp_ack == (uint32_t)(iss_c + 1) : -1,
	    this->fin ? -1 : args[1]->cs_addr != 0,
	    this->fin ? "-" : tcp_state_string[args[3]->tcps_state],
	    args[3]->tcps_lport == PORT || args[3]->tcps_lport == REFUSED ?
	    "server" : args[3]->tcps_rport == PORT ||
	    args[3]->tcps_rport == REFUSED ? "client" : "?",
	    args[3]->tcps_local, args[2]->ip_saddr, args[2]->ip_daddr,
	    args[3]->tcps_laddr, args[3]->tcps_raddr);
}

/* The first RST received is printed, the second ends the round. */
tcp:::receive
/refusals == 2/
{
	exit(0);
}' > "$3" &
load_beside $! python3 "$(dirname "$0")/tcpload.py" $port $refused 100 $2
}
each_ip_version trace "$1"
