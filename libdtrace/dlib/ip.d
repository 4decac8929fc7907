/*
 * ip.d: the network providers' packet views (ip, tcp, udp). Names and
 * members are DTrace's; the translators read 6.1's struct sk_buff,
 * struct sock, struct net_device and the IPv4/IPv6 headers. Members
 * Linux cannot fill are 0 or "" (see doc/providers.md).
 */

inline int AF_INET = 2;
inline int AF_INET6 = 10;

/* Link types of link_ntop() (Linux's ARPHRD_* values). */
inline int ARPHRD_ETHER = 1;
inline int ARPHRD_INFINIBAND = 32;

inline int IPPROTO_IP = 0;
inline int IPPROTO_ICMP = 1;
inline int IPPROTO_TCP = 6;
inline int IPPROTO_UDP = 17;
inline int IPPROTO_IPV6 = 41;
inline int IPPROTO_ICMPV6 = 58;

typedef struct pktinfo {
	uintptr_t pkt_addr;	/* the struct sk_buff */
} pktinfo_t;

typedef struct csinfo {
	uintptr_t cs_addr;	/* the struct sock, 0 when none */
	uint64_t cs_cid;	/* the same, as a connection id */
	pid_t cs_pid;		/* 0: not known */
	int cs_zoneid;		/* 0 */
} csinfo_t;

typedef struct ipinfo {
	uint8_t ip_ver;		/* 4 or 6 */
	uint16_t ip_plength;	/* payload length (bytes after the IP header) */
	char ip_saddr[64];	/* source address */
	char ip_daddr[64];	/* destination address */
} ipinfo_t;

typedef struct ifinfo {
	char if_name[16];	/* interface name */
	int8_t if_local;	/* 1 for the loopback interface */
	int if_ipstack;		/* 0 */
	uintptr_t if_addr;	/* the struct net_device */
} ifinfo_t;

typedef struct ipv4info {
	uint8_t ipv4_ver;
	uint8_t ipv4_ihl;	/* header length in bytes */
	uint8_t ipv4_tos;
	uint16_t ipv4_length;
	uint16_t ipv4_ident;
	uint8_t ipv4_flags;
	uint16_t ipv4_offset;
	uint8_t ipv4_ttl;
	uint8_t ipv4_protocol;
	char ipv4_protostr[8];
	uint16_t ipv4_checksum;
	uint32_t ipv4_src;	/* network byte order, as in the header */
	uint32_t ipv4_dst;
	char ipv4_saddr[64];
	char ipv4_daddr[64];
	struct iphdr *ipv4_hdr;
} ipv4info_t;

typedef struct ipv6info {
	uint8_t ipv6_ver;
	uint8_t ipv6_tclass;
	uint32_t ipv6_flow;
	uint16_t ipv6_plen;
	uint8_t ipv6_nexthdr;
	char ipv6_nextstr[8];
	uint8_t ipv6_hlim;
	struct in6_addr *ipv6_src;
	struct in6_addr *ipv6_dst;
	char ipv6_saddr[64];
	char ipv6_daddr[64];
	struct ipv6hdr *ipv6_hdr;
} ipv6info_t;

translator pktinfo_t < struct sk_buff *B > {
	pkt_addr = (uintptr_t)B;
};

translator csinfo_t < struct sk_buff *B > {
	cs_addr = (uintptr_t)B->sk;
	cs_cid = (uint64_t)B->sk;
	cs_pid = 0;
	cs_zoneid = 0;
};

translator csinfo_t < struct sock *S > {
	cs_addr = (uintptr_t)S;
	cs_cid = (uint64_t)S;
	cs_pid = 0;
	cs_zoneid = 0;
};

/*
 * The tcp provider's connection events (state-change and the probes made
 * of it) have a socket, native arg1, and no packet: their ipinfo_t and
 * tcpinfo_t (tcp.d) are made of the socket's addresses and ports, in the
 * direction of the segment behind the event: inbound for
 * connect-established (the SYN-ACK), accept-established (the last ACK)
 * and connect-refused (the RST), outbound for state-change.
 */
inline struct sock *ip_conn_sk =
    (struct sock *)(probeprov == "tcp" ? arg1 : 0);
inline int ip_conn_in = probename == "connect-established" ||
    probename == "accept-established" || probename == "connect-refused";
inline int ip_conn_v4 = ip_conn_sk->__sk_common.skc_family == AF_INET;
inline string ip_conn_laddr = ip_conn_v4 ?
    inet_ntoa(&ip_conn_sk->__sk_common.skc_rcv_saddr) :
    inet_ntoa6(&ip_conn_sk->__sk_common.skc_v6_rcv_saddr);
inline string ip_conn_raddr = ip_conn_v4 ?
    inet_ntoa(&ip_conn_sk->__sk_common.skc_daddr) :
    inet_ntoa6(&ip_conn_sk->__sk_common.skc_v6_daddr);

/*
 * The IP header, IPv4 or IPv6 by its version nibble; without one, a tcp
 * connection event's socket (above), or 0 and "".
 */
translator ipinfo_t < struct iphdr *H > {
	ip_ver = H != NULL ? *(uint8_t *)H >> 4 :
	    ip_conn_sk == NULL ? 0 : ip_conn_v4 ? 4 : 6;
	ip_plength = H == NULL ? 0 : (*(uint8_t *)H >> 4) == 4 ?
	    ntohs(H->tot_len) - H->ihl * 4 :
	    ntohs(((struct ipv6hdr *)H)->payload_len);
	ip_saddr = H == NULL ? (ip_conn_sk == NULL ? "" :
	    ip_conn_in ? ip_conn_raddr : ip_conn_laddr) :
	    (*(uint8_t *)H >> 4) == 4 ? inet_ntoa(&H->saddr) :
	    inet_ntoa6(&((struct ipv6hdr *)H)->saddr);
	ip_daddr = H == NULL ? (ip_conn_sk == NULL ? "" :
	    ip_conn_in ? ip_conn_laddr : ip_conn_raddr) :
	    (*(uint8_t *)H >> 4) == 4 ? inet_ntoa(&H->daddr) :
	    inet_ntoa6(&((struct ipv6hdr *)H)->daddr);
};

/* IFF_LOOPBACK is 0x8. */
translator ifinfo_t < struct net_device *D > {
	if_name = stringof(D->name);
	if_local = (D->flags & 0x8) != 0;
	if_ipstack = 0;
	if_addr = (uintptr_t)D;
};

translator ipv4info_t < struct iphdr *H > {
	ipv4_ver = H->version;
	ipv4_ihl = H->ihl * 4;
	ipv4_tos = H->tos;
	ipv4_length = ntohs(H->tot_len);
	ipv4_ident = ntohs(H->id);
	/* The header's top three bits, as Linux DTrace shows them: DF 4, MF 2 */
	ipv4_flags = (ntohs(H->frag_off) & 0xe000) >> 12;
	ipv4_offset = ntohs(H->frag_off) & 0x1fff;
	ipv4_ttl = H->ttl;
	ipv4_protocol = H->protocol;
	ipv4_protostr = H->protocol == 6 ? "TCP" : H->protocol == 17 ? "UDP" :
	    H->protocol == 1 ? "ICMP" : lltostr(H->protocol);
	ipv4_checksum = ntohs(H->check);
	ipv4_src = H->saddr;
	ipv4_dst = H->daddr;
	ipv4_saddr = inet_ntoa(&H->saddr);
	ipv4_daddr = inet_ntoa(&H->daddr);
	ipv4_hdr = H;
};

translator ipv6info_t < struct ipv6hdr *H > {
	ipv6_ver = H->version;
	ipv6_tclass = ((*(uint8_t *)H & 0xf) << 4) | (H->flow_lbl[0] >> 4);
	ipv6_flow = ((H->flow_lbl[0] & 0xf) << 16) | (H->flow_lbl[1] << 8) |
	    H->flow_lbl[2];
	ipv6_plen = ntohs(H->payload_len);
	ipv6_nexthdr = H->nexthdr;
	ipv6_nextstr = H->nexthdr == 6 ? "TCP" : H->nexthdr == 17 ? "UDP" :
	    H->nexthdr == 58 ? "ICMPV6" : lltostr(H->nexthdr);
	ipv6_hlim = H->hop_limit;
	ipv6_src = &H->saddr;
	ipv6_dst = &H->daddr;
	ipv6_saddr = inet_ntoa6(&H->saddr);
	ipv6_daddr = inet_ntoa6(&H->daddr);
	ipv6_hdr = H;
};

/*
 * The tcp and udp providers pass the packet's IP header as native arg2:
 * its source and destination address, IPv4 or IPv6 by its version.
 */
inline string ip_arg2_saddr = (*(uint8_t *)arg2 >> 4) == 4 ?
    inet_ntoa(&((struct iphdr *)arg2)->saddr) :
    inet_ntoa6(&((struct ipv6hdr *)arg2)->saddr);
inline string ip_arg2_daddr = (*(uint8_t *)arg2 >> 4) == 4 ?
    inet_ntoa(&((struct iphdr *)arg2)->daddr) :
    inet_ntoa6(&((struct ipv6hdr *)arg2)->daddr);
