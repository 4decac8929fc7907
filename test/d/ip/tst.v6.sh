# ASSERTION: ip:::send and ip:::receive see loopback IPv6 UDP packets:
# ipinfo_t and ipv6info_t name ::1 and UDP, ipv4info_t is NULL
# (args[4] is 0), the payload length is the datagram's. One datagram is
# counted, from one received to the next: send and receive fire once
# each for it.
# @@timeout: 400
. "$(dirname "$0")/../lib/until_exit.sh"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$1" -q -x aggsortkey -n '
/* Counted: from one datagram received to the next (see the end). */
ip:::receive
/args[2]->ip_ver == 6 && args[5]->ipv6_nexthdr == IPPROTO_UDP/
{
	n++;
}

ip:::send, ip:::receive
/n == 1 && args[2]->ip_ver == 6 && args[5]->ipv6_nexthdr == IPPROTO_UDP/
{
	@[probename, args[2]->ip_saddr, args[2]->ip_daddr, args[5]->ipv6_nextstr,
	    args[2]->ip_plength, args[5]->ipv6_plen, arg2 == 0, args[3]->if_name] = count();
}

ip:::receive
/n == 2/
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
awk NF "$out"
[ $rc = 0 ] || { echo "dtrace exited with status $rc" >&2; exit 1; }
