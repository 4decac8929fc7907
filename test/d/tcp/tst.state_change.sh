# ASSERTION: tcp:::state-change fires for each transition of a loopback
# connection and its listener (args[5] the old state, args[3] the new
# one and the ports),
# the TCP_STATE_* constants and tcp_state_string[] (a parameterized
# inline) name them, and connect-request,
# connect-established, accept-established, connect-refused and
# accept-refused (the RST sent from the refused port) fire with their
# addresses, each once per round: one round is printed, from one
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
/refusals == 1 && role[args[3]->tcps_addr] != ""/
{
	printf("%s %s -> %s %s\n", role[args[3]->tcps_addr],
	    tcp_state_string[args[5]->tcps_state],
	    tcp_state_string[args[3]->tcps_state],
	    args[3]->tcps_state == TCP_STATE_ESTABLISHED ? "established" : "-");
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
