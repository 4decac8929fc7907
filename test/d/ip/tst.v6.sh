# ASSERTION: ip:::send and ip:::receive see loopback IPv6 UDP packets:
# ipinfo_t and ipv6info_t name ::1 and UDP, ipv4info_t is NULL
# (args[4] is 0), the payload length is the datagram's.
# @@timeout: 400
. "$(dirname "$0")/../lib/until_exit.sh"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$1" -q -x aggsortkey -n '
ip:::send, ip:::receive
/args[2]->ip_ver == 6 && args[5]->ipv6_nexthdr == IPPROTO_UDP/
{
	@[probename, args[2]->ip_saddr, args[2]->ip_daddr, args[5]->ipv6_nextstr,
	    args[2]->ip_plength, args[5]->ipv6_plen, arg2 == 0, args[3]->if_name] = count();
	n++;
}

ip:::receive
/n > 10/
{
	exit(0);
}

END
{
	printa("%s %s %s %s %d %d %d %s %@d\n", @);
}' > "$out" &
dt=$!
load_beside "$dt" python3 "$(dirname "$0")/../tcp/tcpload.py" UDP6 41239 1500
rc=$?
# The counts vary: that each is there does not.
awk 'NF { $NF = ($NF > 0); print }' "$out"
exit $rc
