# ASSERTION: ip:::send and ip:::receive see loopback IPv4 TCP packets:
# @[args[2]->ip_daddr] = count() counts 127.0.0.1; ipinfo_t, ifinfo_t and
# ipv4info_t agree with each other and with the raw sk_buff (pkt_addr);
# Linux's TCP sets DF on every packet, which ipv4_flags shows as 4.
# One round of tcpload.py is counted, from the refused connection's RST
# received to the next: each packet of it is sent and received once. A
# round was 10 packets in the guest; 11 when an ACK goes out on its own
# instead of with the next segment (delayed ACK timing in a slow guest):
# 10 or 11 pass, a packet counted twice does not.
# @@timeout: 400
. "$(dirname "$0")/../lib/until_exit.sh"
port=41237 refused=41238
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$1" -q -x aggsortkey -n '
inline int REFUSED = '$refused';

/* Counted: one round, from one RST received to the next (see the end). */
tcp:::receive
/(args[4]->tcp_flags & TH_RST) && args[4]->tcp_sport == REFUSED/
{
	refusals++;
}

ip:::send, ip:::receive
/refusals == 1 && args[2]->ip_ver == 4 &&
 args[4]->ipv4_protocol == IPPROTO_TCP && args[2]->ip_daddr == "127.0.0.1"/
{
	@[probename, args[2]->ip_daddr] = count();
	@if[probename, args[3]->if_name, args[3]->if_local] = count();
	@v4[probename, args[4]->ipv4_saddr, args[4]->ipv4_protostr, args[4]->ipv4_ttl,
	    args[2]->ip_plength == args[4]->ipv4_length - args[4]->ipv4_ihl,
	    args[0]->pkt_addr == arg0, args[3]->if_addr == (uintptr_t)((struct sk_buff *)arg0)->dev] = count();
	@flags[args[4]->ipv4_flags] = count();
}

tcp:::receive
/refusals == 2/
{
	exit(0);
}

END
{
	printa("count %s %s %@d\n", @);
	printa("if %s %s %d %@d\n", @if);
	printa("v4 %s %s %s %d %d %d %d %@d\n", @v4);
	printa("ipv4_flags %d\n", @flags);
}' > "$out" &
dt=$!
load_beside "$dt" python3 "$(dirname "$0")/../tcp/tcpload.py" $port $refused 100
rc=$?
awk 'NF { $NF = ($NF == 10 || $NF == 11) ? "10-11" : $NF; print }' "$out"
[ $rc = 0 ] || { echo "dtrace exited with status $rc" >&2; exit 1; }
