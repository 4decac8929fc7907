/*
 * tcp.d: the tcp provider's argument views. tcpsinfo_t is made of the
 * struct sock (a struct tcp_sock), tcpinfo_t of the TCP header,
 * tcplsinfo_t of the previous state. TCP_STATE_* have Linux's values
 * (include/net/tcp_states.h); Linux has no idle and bound states.
 * Members Linux cannot fill are 0 (see doc/providers.md).
 */
#pragma D depends_on library ip.d

inline int32_t TCP_STATE_ESTABLISHED = 1;
inline int32_t TCP_STATE_SYN_SENT = 2;
inline int32_t TCP_STATE_SYN_RECEIVED = 3;
inline int32_t TCP_STATE_FIN_WAIT_1 = 4;
inline int32_t TCP_STATE_FIN_WAIT_2 = 5;
inline int32_t TCP_STATE_TIME_WAIT = 6;
inline int32_t TCP_STATE_CLOSED = 7;
inline int32_t TCP_STATE_CLOSE_WAIT = 8;
inline int32_t TCP_STATE_LAST_ACK = 9;
inline int32_t TCP_STATE_LISTEN = 10;
inline int32_t TCP_STATE_CLOSING = 11;

/* The name DTrace scripts print for a state: tcp_state_string[state]. */
inline string tcp_state_string[int32_t state] =
	state == TCP_STATE_ESTABLISHED ? "state-established" :
	state == TCP_STATE_SYN_SENT ? "state-syn-sent" :
	state == TCP_STATE_SYN_RECEIVED ? "state-syn-received" :
	state == TCP_STATE_FIN_WAIT_1 ? "state-fin-wait-1" :
	state == TCP_STATE_FIN_WAIT_2 ? "state-fin-wait-2" :
	state == TCP_STATE_TIME_WAIT ? "state-time-wait" :
	state == TCP_STATE_CLOSED ? "state-closed" :
	state == TCP_STATE_CLOSE_WAIT ? "state-close-wait" :
	state == TCP_STATE_LAST_ACK ? "state-last-ack" :
	state == TCP_STATE_LISTEN ? "state-listen" :
	state == TCP_STATE_CLOSING ? "state-closing" : "<unknown>";

inline uint8_t TH_FIN = 0x01;
inline uint8_t TH_SYN = 0x02;
inline uint8_t TH_RST = 0x04;
inline uint8_t TH_PUSH = 0x08;
inline uint8_t TH_ACK = 0x10;
inline uint8_t TH_URG = 0x20;
inline uint8_t TH_ECE = 0x40;
inline uint8_t TH_CWR = 0x80;

typedef struct tcpsinfo {
	uintptr_t tcps_addr;	/* the struct sock */
	int tcps_local;		/* both ends have the same address */
	int tcps_active;	/* 0: not known */
	uint16_t tcps_lport;
	uint16_t tcps_rport;
	char tcps_laddr[64];
	char tcps_raddr[64];
	int32_t tcps_state;	/* TCP_STATE_* */
	uint32_t tcps_iss;	/* 0: not kept */
	uint32_t tcps_suna;
	uint32_t tcps_snxt;
	uint32_t tcps_rack;	/* last window update: rcv_wup */
	uint32_t tcps_rnxt;
	uint32_t tcps_swnd;
	int32_t tcps_snd_ws;	/* 0: not filled */
	uint32_t tcps_rwnd;
	int32_t tcps_rcv_ws;	/* 0: not filled */
	uint32_t tcps_cwnd;	/* in segments (Linux counts packets) */
	uint32_t tcps_cwnd_ssthresh;
	uint32_t tcps_sack_fack;	/* 0 */
	uint32_t tcps_sack_snxt;	/* 0 */
	uint32_t tcps_rto;	/* in jiffies */
	uint32_t tcps_mss;
	int tcps_retransmit;	/* segments retransmitted so far */
	uint32_t tcps_rtt;	/* smoothed RTT in us */
	uint32_t tcps_rtt_sd;	/* its mean deviation in us */
	uint32_t tcps_irs;	/* 0: not kept */
} tcpsinfo_t;

typedef struct tcplsinfo {
	int32_t tcps_state;	/* the previous state */
} tcplsinfo_t;

typedef struct tcpinfo {
	uint16_t tcp_sport;
	uint16_t tcp_dport;
	uint32_t tcp_seq;
	uint32_t tcp_ack;
	uint8_t tcp_offset;	/* header length in bytes */
	uint8_t tcp_flags;	/* TH_* */
	uint16_t tcp_window;
	uint16_t tcp_checksum;
	uint16_t tcp_urgent;
	struct tcphdr *tcp_hdr;
} tcpinfo_t;

/*
 * Without a socket (send and receive of a segment no full TCP socket
 * owns, accept-refused, state-change of a time-wait socket's FIN)
 * tcpsinfo_t's ports and addresses come from the segment's headers,
 * native arg2 (IP) and arg3 (TCP), as seen from this host: receive's and
 * state-change's segment comes in, the others go out. Outside the tcp
 * provider a NULL socket has 0 and "".
 */
inline int tcp_hdrs = probeprov == "tcp" && arg2 != 0 && arg3 != 0;
inline int tcp_in = probename == "receive" || probename == "state-change";

/*
 * The tcp provider passes the state to report in arg4 (state-change:
 * the new state, which the socket does not hold yet; 0 when send or
 * receive has no socket).
 */
translator tcpsinfo_t < struct sock *S > {
	tcps_addr = (uintptr_t)S;
	tcps_local = S == NULL ? (tcp_hdrs && ip_arg2_saddr == ip_arg2_daddr) :
	    S->__sk_common.skc_family == AF_INET ?
	    S->__sk_common.skc_daddr == S->__sk_common.skc_rcv_saddr :
	    inet_ntoa6(&S->__sk_common.skc_v6_daddr) ==
	    inet_ntoa6(&S->__sk_common.skc_v6_rcv_saddr);
	tcps_active = 0;
	tcps_lport = S != NULL ? S->__sk_common.skc_num : !tcp_hdrs ? 0 :
	    ntohs(tcp_in ? ((struct tcphdr *)arg3)->dest :
	    ((struct tcphdr *)arg3)->source);
	tcps_rport = S != NULL ? ntohs(S->__sk_common.skc_dport) :
	    !tcp_hdrs ? 0 : ntohs(tcp_in ? ((struct tcphdr *)arg3)->source :
	    ((struct tcphdr *)arg3)->dest);
	tcps_laddr = S == NULL ?
	    (!tcp_hdrs ? "" : tcp_in ? ip_arg2_daddr : ip_arg2_saddr) :
	    S->__sk_common.skc_family == AF_INET ?
	    inet_ntoa(&S->__sk_common.skc_rcv_saddr) :
	    inet_ntoa6(&S->__sk_common.skc_v6_rcv_saddr);
	tcps_raddr = S == NULL ?
	    (!tcp_hdrs ? "" : tcp_in ? ip_arg2_saddr : ip_arg2_daddr) :
	    S->__sk_common.skc_family == AF_INET ?
	    inet_ntoa(&S->__sk_common.skc_daddr) :
	    inet_ntoa6(&S->__sk_common.skc_v6_daddr);
	tcps_state = probeprov == "tcp" ? arg4 :
	    S != NULL ? S->__sk_common.skc_state : 0;
	tcps_iss = 0;
	tcps_suna = S != NULL ? ((struct tcp_sock *)S)->snd_una : 0;
	tcps_snxt = S != NULL ? ((struct tcp_sock *)S)->snd_nxt : 0;
	tcps_rack = S != NULL ? ((struct tcp_sock *)S)->rcv_wup : 0;
	tcps_rnxt = S != NULL ? ((struct tcp_sock *)S)->rcv_nxt : 0;
	tcps_swnd = S != NULL ? ((struct tcp_sock *)S)->snd_wnd : 0;
	tcps_snd_ws = 0;
	tcps_rwnd = S != NULL ? ((struct tcp_sock *)S)->rcv_wnd : 0;
	tcps_rcv_ws = 0;
	tcps_cwnd = S != NULL ? ((struct tcp_sock *)S)->snd_cwnd : 0;
	tcps_cwnd_ssthresh = S != NULL ?
	    ((struct tcp_sock *)S)->snd_ssthresh : 0;
	tcps_sack_fack = 0;
	tcps_sack_snxt = 0;
	tcps_rto = S != NULL ? ((struct inet_connection_sock *)S)->icsk_rto : 0;
	tcps_mss = S != NULL ? ((struct tcp_sock *)S)->mss_cache : 0;
	tcps_retransmit = S != NULL ? ((struct tcp_sock *)S)->total_retrans : 0;
	tcps_rtt = S != NULL ? ((struct tcp_sock *)S)->srtt_us >> 3 : 0;
	tcps_rtt_sd = S != NULL ? ((struct tcp_sock *)S)->mdev_us >> 2 : 0;
	tcps_irs = 0;
};

translator tcplsinfo_t < int S > {
	tcps_state = S;
};

/*
 * A connection event without a segment has the socket's ports, in the
 * direction ip.d's ipinfo_t gives its addresses, and 0 for the rest.
 */
inline uint16_t tcp_conn_lport = ip_conn_sk->__sk_common.skc_num;
inline uint16_t tcp_conn_rport = ntohs(ip_conn_sk->__sk_common.skc_dport);

translator tcpinfo_t < struct tcphdr *T > {
	tcp_sport = T != NULL ? ntohs(T->source) : ip_conn_sk == NULL ? 0 :
	    ip_conn_in ? tcp_conn_rport : tcp_conn_lport;
	tcp_dport = T != NULL ? ntohs(T->dest) : ip_conn_sk == NULL ? 0 :
	    ip_conn_in ? tcp_conn_lport : tcp_conn_rport;
	tcp_seq = T != NULL ? ntohl(T->seq) : 0;
	tcp_ack = T != NULL ? ntohl(T->ack_seq) : 0;
	tcp_offset = T != NULL ? (*((uint8_t *)T + 12) >> 4) * 4 : 0;
	tcp_flags = T != NULL ? *((uint8_t *)T + 13) : 0;
	tcp_window = T != NULL ? ntohs(T->window) : 0;
	tcp_checksum = T != NULL ? ntohs(T->check) : 0;
	tcp_urgent = T != NULL ? ntohs(T->urg_ptr) : 0;
	tcp_hdr = T;
};
