# ASSERTION: tcp:::state-change fires for each transition of a loopback
# connection and its listener (args[5] the old state, args[3] the new
# one and the ports),
# the TCP_STATE_* constants and tcp_state_string[] (a parameterized
# inline) name them, and connect-request,
# connect-established, accept-established, connect-refused and
# accept-refused (the RST sent from the refused port) fire with their
# addresses, each once per round (connect-request with the SYN sent;
# connect-established and accept-established with args[2] and args[4]
# made of the socket, in the direction of the segment that ended the
# handshake), the server's socket is SYN_RECEIVED with its addresses set
# and the client, which closes first, reaches TIME_WAIT from FIN_WAIT_2
# (as a socket or as a time-wait socket, by the timing of the server's
# ACK and FIN): one round is printed, from one
# accept-refused to the next (the refused connect that follows the first
# included), and a probe that fired twice shows twice. The lines are
# sorted: the softirq side of a loopback connection may run on the
# other CPU, whose buffer is read in its own turn.
# @@timeout: 400
. "$(dirname "$0")/../lib/until_exit.sh"
port=41235 refused=41236
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$1" -q -n '
inline int PORT = '$port';
inline int REFUSED = '$refused';

/* One round is printed: from one refusal to the next (see the end). */
tcp:::accept-refused
/args[4]->tcp_sport == REFUSED/
{
	refusals++;
}

/*
 * The role of a socket is known from its first transition with the port;
 * the kernel may have released the local port before the last one.
 */
tcp:::state-change
/args[3]->tcps_lport == PORT || args[3]->tcps_rport == PORT/
{
	role[args[3]->tcps_addr] = args[3]->tcps_lport == PORT ? "server" : "client";
}

tcp:::state-change
/refusals == 1 && role[args[3]->tcps_addr] != "" &&
 args[3]->tcps_state != TCP_STATE_TIME_WAIT/
{
	printf("%s %s -> %s %s\n", role[args[3]->tcps_addr],
	    tcp_state_string[args[5]->tcps_state],
	    tcp_state_string[args[3]->tcps_state],
	    args[3]->tcps_state == TCP_STATE_ESTABLISHED ? "established" : "-");
}

/*
 * The client, which closes first, reaches TIME_WAIT: as a socket, or as
 * the time-wait socket an orphan in FIN_WAIT_2 becomes (no socket, so
 * known by its remote port), by the timing of the ACK and FIN of the server.
 */
tcp:::state-change
/refusals == 1 && args[3]->tcps_state == TCP_STATE_TIME_WAIT &&
 args[3]->tcps_rport == PORT/
{
	printf("client %s -> %s -\n", tcp_state_string[args[5]->tcps_state],
	    tcp_state_string[args[3]->tcps_state]);
}

tcp:::state-change
/args[3]->tcps_state == TCP_STATE_CLOSED/
{
	role[args[3]->tcps_addr] = 0;
}

tcp:::connect-request, tcp:::connect-established, tcp:::connect-refused
/refusals == 1 && (args[3]->tcps_rport == PORT || args[3]->tcps_rport == REFUSED)/
{
	printf("%s %s %s %d\n", probename, args[3]->tcps_laddr, args[3]->tcps_raddr,
	    args[3]->tcps_rport == PORT);
}

tcp:::accept-established
/refusals == 1 && args[3]->tcps_lport == PORT/
{
	printf("%s %s %s %d\n", probename, args[3]->tcps_laddr, args[3]->tcps_raddr,
	    args[1]->cs_addr == args[3]->tcps_addr);
}

/*
 * The packet views: the SYN itself for connect-request; the ends of the
 * handshake, made of the socket, in the direction of the SYN-ACK and the
 * last ACK.
 */
tcp:::connect-request
/refusals == 1 && args[4]->tcp_dport == PORT/
{
	printf("args %s %s %s syn %d sport %d pkt %d\n", probename,
	    args[2]->ip_saddr, args[2]->ip_daddr, args[4]->tcp_flags == TH_SYN,
	    args[4]->tcp_sport == args[3]->tcps_lport && args[4]->tcp_sport != 0,
	    args[0]->pkt_addr == arg0 && arg0 != 0);
}

tcp:::connect-established
/refusals == 1 && args[4]->tcp_sport == PORT/
{
	printf("args %s %s %s v%d dport %d\n", probename, args[2]->ip_saddr,
	    args[2]->ip_daddr, args[2]->ip_ver,
	    args[4]->tcp_dport == args[3]->tcps_lport);
}

tcp:::accept-established
/refusals == 1 && args[4]->tcp_dport == PORT/
{
	printf("args %s %s %s v%d sport %d\n", probename, args[2]->ip_saddr,
	    args[2]->ip_daddr, args[2]->ip_ver,
	    args[4]->tcp_sport == args[3]->tcps_rport && args[4]->tcp_sport != 0);
}

/* The new socket of the server has its addresses when it is SYN_RECEIVED. */
tcp:::state-change
/refusals == 1 && args[3]->tcps_state == TCP_STATE_SYN_RECEIVED &&
 args[3]->tcps_lport == PORT/
{
	printf("syn-received %s %s rport %d\n", args[3]->tcps_laddr,
	    args[3]->tcps_raddr, args[3]->tcps_rport != 0);
}

tcp:::accept-refused
/refusals == 1 && args[4]->tcp_sport == REFUSED/
{
	printf("%s %s %s rst %d\n", probename, args[2]->ip_saddr, args[2]->ip_daddr,
	    (args[4]->tcp_flags & (TH_RST | TH_ACK)) == (TH_RST | TH_ACK));
}

/*
 * The first refusal traced ends a round, the second ends the next one
 * (the first connect-refused, which follows its accept-refused, is
 * printed, the second is not).
 */
tcp:::accept-refused
/refusals == 2/
{
	exit(0);
}' > "$out" &
dt=$!
load_beside "$dt" python3 "$(dirname "$0")/tcpload.py" $port $refused 100
rc=$?
sort "$out"
[ $rc = 0 ] || { echo "dtrace exited with status $rc" >&2; exit 1; }
