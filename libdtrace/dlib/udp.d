/*
 * udp.d: the udp provider's argument views. udpsinfo_t is made of the
 * struct sock (a UDP socket, or NULL) and the datagram's headers,
 * udpinfo_t of the UDP header (see doc/providers.md).
 */
#pragma D depends_on library ip.d

typedef struct udpsinfo {
	uintptr_t udps_addr;	/* the struct sock, 0 when none */
	uint16_t udps_lport;
	uint16_t udps_rport;
	char udps_laddr[64];
	char udps_raddr[64];
} udpsinfo_t;

typedef struct udpinfo {
	uint16_t udp_sport;
	uint16_t udp_dport;
	uint16_t udp_length;	/* header and payload, in bytes */
	uint16_t udp_checksum;
	struct udphdr *udp_hdr;
} udpinfo_t;

/*
 * In the udp provider the ports and addresses are the datagram's, from
 * its headers (native arg2, IP, and arg3, UDP) as seen from this host:
 * receive's datagram comes in, send's goes out. An unconnected or
 * wildcard-bound socket does not hold them. Elsewhere they are the
 * socket's (0 and "" for NULL).
 */
inline int udp_hdrs = probeprov == "udp" && arg2 != 0 && arg3 != 0;
inline int udp_in = probename == "receive";

translator udpsinfo_t < struct sock *S > {
	udps_addr = (uintptr_t)S;
	udps_lport = udp_hdrs ? ntohs(udp_in ? ((struct udphdr *)arg3)->dest :
	    ((struct udphdr *)arg3)->source) :
	    S != NULL ? S->__sk_common.skc_num : 0;
	udps_rport = udp_hdrs ? ntohs(udp_in ?
	    ((struct udphdr *)arg3)->source : ((struct udphdr *)arg3)->dest) :
	    S != NULL ? ntohs(S->__sk_common.skc_dport) : 0;
	udps_laddr = udp_hdrs ? (udp_in ? ip_arg2_daddr : ip_arg2_saddr) :
	    S == NULL ? "" : S->__sk_common.skc_family == AF_INET ?
	    inet_ntoa(&S->__sk_common.skc_rcv_saddr) :
	    inet_ntoa6(&S->__sk_common.skc_v6_rcv_saddr);
	udps_raddr = udp_hdrs ? (udp_in ? ip_arg2_saddr : ip_arg2_daddr) :
	    S == NULL ? "" : S->__sk_common.skc_family == AF_INET ?
	    inet_ntoa(&S->__sk_common.skc_daddr) :
	    inet_ntoa6(&S->__sk_common.skc_v6_daddr);
};

translator udpinfo_t < struct udphdr *U > {
	udp_sport = ntohs(U->source);
	udp_dport = ntohs(U->dest);
	udp_length = ntohs(U->len);
	udp_checksum = ntohs(U->check);
	udp_hdr = U;
};
