# ASSERTION: ip:::send and ip:::receive see loopback IPv4 TCP packets:
# @[args[2]->ip_daddr] = count() counts 127.0.0.1; ipinfo_t, ifinfo_t and
# ipv4info_t agree with each other and with the raw sk_buff (pkt_addr).
# @@timeout: 400
. "$(dirname "$0")/../lib/until_exit.sh"
port=41237 refused=41238
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$1" -q -x aggsortkey -n '
ip:::send, ip:::receive
/args[2]->ip_ver == 4 && args[4]->ipv4_protocol == IPPROTO_TCP &&
 args[2]->ip_daddr == "127.0.0.1"/
{
	@[probename, args[2]->ip_daddr] = count();
	@if[probename, args[3]->if_name, args[3]->if_local] = count();
	@v4[probename, args[4]->ipv4_saddr, args[4]->ipv4_protostr, args[4]->ipv4_ttl,
	    args[2]->ip_plength == args[4]->ipv4_length - args[4]->ipv4_ihl,
	    args[0]->pkt_addr == arg0, args[3]->if_addr == (uintptr_t)((struct sk_buff *)arg0)->dev] = count();
	n++;
}

ip:::send
/n > 40/
{
	exit(0);
}

END
{
	printa("count %s %s %@d\n", @);
	printa("if %s %s %d %@d\n", @if);
	printa("v4 %s %s %s %d %d %d %d %@d\n", @v4);
}' > "$out" &
dt=$!
load_beside "$dt" python3 "$(dirname "$0")/../tcp/tcpload.py" $port $refused 100
rc=$?
# The counts vary: that each is there does not.
awk 'NF { $NF = ($NF > 0); print }' "$out"
exit $rc
