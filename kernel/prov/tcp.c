// SPDX-License-Identifier: GPL-2.0
/*
 * The tcp provider: TCP connection events, DTrace's names and arguments
 * on 6.1's sock and tcp tracepoints.
 *
 *   state-change         sock:inet_sock_set_state of a TCP socket
 *   connect-request      the same, CLOSE -> SYN_SENT (connect(2); the
 *                        local port may still be 0: it is chosen after)
 *   connect-established  SYN_SENT -> ESTABLISHED (the SYN-ACK arrived)
 *   accept-established   SYN_RECV -> ESTABLISHED (the handshake's ACK
 *                        arrived at the new socket)
 *   connect-refused      tcp:tcp_receive_reset in SYN_SENT
 *   accept-refused       net:net_dev_queue of the RST|ACK the kernel
 *                        sends for a SYN no socket takes (no listener)
 *
 * Native arguments: 0 the struct sk_buff (accept-refused: the RST) or
 * 0, 1 the struct sock or 0, 2 the IP header or 0, 3 the TCP header or
 * 0, 4 the state to report in tcpsinfo_t (state-change: the new one;
 * the socket still holds the old one), 5 the previous state. tcp.d
 * translates them; a 0 argument is a NULL pointer in D. 6.1 has no
 * tracepoint per segment sent or received, so send and receive are not
 * offered.
 */
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/skbuff.h>
#include <linux/tcp.h>
#include <net/sock.h>
#include <net/tcp_states.h>

#include "prov/linux_provs.h"
#include "prov/stable.h"

enum { TCP_P_STATE, TCP_P_CONN_REQ, TCP_P_CONN_EST, TCP_P_ACC_EST,
       TCP_P_CONN_REF, TCP_P_ACC_REF };

/* The events of a socket, without a packet. */
static void tcp_fire(struct stable_probe *p, const struct sock *sk, int state,
		     int old)
{
	stable_fire6(p, 0, (uintptr_t)sk, 0, 0, state, old);
}

static void tcp_set_state_tp(void *data, const struct sock *sk,
			     const int oldstate, const int newstate)
{
	struct stable_probe *p = data;
	bool fire;

	if (sk->sk_protocol != IPPROTO_TCP)
		return;
	switch (p->def->sel) {
	case TCP_P_CONN_REQ:
		fire = oldstate == TCP_CLOSE && newstate == TCP_SYN_SENT;
		break;
	case TCP_P_CONN_EST:
		fire = oldstate == TCP_SYN_SENT && newstate == TCP_ESTABLISHED;
		break;
	case TCP_P_ACC_EST:
		fire = oldstate == TCP_SYN_RECV && newstate == TCP_ESTABLISHED;
		break;
	default:
		fire = true;
		break;
	}
	if (fire)
		tcp_fire(p, sk, newstate, oldstate);
}

static void tcp_receive_reset_tp(void *data, struct sock *sk)
{
	if (sk->sk_state == TCP_SYN_SENT)
		tcp_fire(data, sk, sk->sk_state, 0);
}

/*
 * The kernel's reply to a segment no socket takes (a SYN to a port
 * nobody listens on) is a RST|ACK with sequence number 0 sent from its
 * control socket, with no tracepoint of its own (tcp_send_reset fires
 * only with a socket): recognise it on its way to the device.
 */
static void tcp_dev_queue_tp(void *data, struct sk_buff *skb)
{
	const unsigned char *nh = skb_network_header(skb);
	const unsigned char *end = skb_tail_pointer(skb);
	const struct tcphdr *th;

	if (nh < skb->head || nh + sizeof(struct ipv6hdr) > end)
		return;
	if (skb->protocol == htons(ETH_P_IP) && (nh[0] >> 4) == 4 &&
	    ((const struct iphdr *)nh)->protocol == IPPROTO_TCP)
		th = (const void *)(nh + ((const struct iphdr *)nh)->ihl * 4);
	else if (skb->protocol == htons(ETH_P_IPV6) && (nh[0] >> 4) == 6 &&
		 ((const struct ipv6hdr *)nh)->nexthdr == IPPROTO_TCP)
		th = (const void *)(nh + sizeof(struct ipv6hdr));
	else
		return;
	if ((const unsigned char *)(th + 1) > end || !th->rst || !th->ack ||
	    th->seq != 0)
		return;
	stable_fire6(data, (uintptr_t)skb, 0, (uintptr_t)nh, (uintptr_t)th,
		     TCP_CLOSE, 0);
}

#define SKB(x)		{ "struct sk_buff *", x, 0 }
#define SK(x)		{ "struct sock *", x, 1 }
#define TCP_ARGL	SKB("pktinfo_t *"), SK("csinfo_t *"), \
			{ "struct iphdr *", "ipinfo_t *", 2 }, SK("tcpsinfo_t *"), \
			{ "struct tcphdr *", "tcpinfo_t *", 3 }
#define TCP_ARGS	{ TCP_ARGL }
/* state-change also has the previous state. */
#define TCP_ARGS5	{ TCP_ARGL, { "int", "tcplsinfo_t *", 5 } }

static const struct stable_def tcp_defs[] = {
	{ "state-change", "inet_sock_set_state", tcp_set_state_tp,
	  .sel = TCP_P_STATE, .args = TCP_ARGS5 },
	{ "connect-request", "inet_sock_set_state", tcp_set_state_tp,
	  .sel = TCP_P_CONN_REQ, .args = TCP_ARGS },
	{ "connect-established", "inet_sock_set_state", tcp_set_state_tp,
	  .sel = TCP_P_CONN_EST, .args = TCP_ARGS },
	{ "accept-established", "inet_sock_set_state", tcp_set_state_tp,
	  .sel = TCP_P_ACC_EST, .args = TCP_ARGS },
	{ "connect-refused", "tcp_receive_reset", tcp_receive_reset_tp,
	  .sel = TCP_P_CONN_REF, .args = TCP_ARGS },
	{ "accept-refused", "net_dev_queue", tcp_dev_queue_tp,
	  .sel = TCP_P_ACC_REF, .args = TCP_ARGS },
};

static struct stable_prov tcp_prov = {
	.name = "tcp", .defs = tcp_defs, .ndefs = ARRAY_SIZE(tcp_defs),
};

int dtrace_prov_tcp_init(struct dtrace_core *core)
{
	return dtrace_stable_init(core, &tcp_prov);
}

void dtrace_prov_tcp_fini(struct dtrace_core *core)
{
	dtrace_stable_fini(core, &tcp_prov);
}
