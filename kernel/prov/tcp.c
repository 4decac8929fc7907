// SPDX-License-Identifier: GPL-2.0
/*
 * The tcp provider: TCP connection events and segments, DTrace's names
 * and arguments on 6.1's sock, tcp and net tracepoints.
 *
 *   state-change         sock:inet_sock_set_state of a TCP socket; a
 *                        passive open's LISTEN -> SYN_RECV (its new socket,
 *                        made before its addresses and ports are set) is
 *                        reported just before the socket leaves SYN_RECV;
 *                        a close into a time-wait socket as the change to
 *                        its state (TIME_WAIT, or none in FIN_WAIT_2), and
 *                        that one's FIN (net:netif_receive_skb) as
 *                        FIN_WAIT_2 -> TIME_WAIT
 *   connect-request      net:net_dev_queue of the SYN a socket in
 *                        SYN_SENT sends (connect(2), and again for a
 *                        retransmitted SYN)
 *   connect-established  SYN_SENT -> ESTABLISHED (the SYN-ACK arrived)
 *   accept-established   SYN_RECV -> ESTABLISHED (the handshake's ACK
 *                        arrived at the new socket)
 *   connect-refused      tcp:tcp_receive_reset in SYN_SENT
 *   accept-refused       net:net_dev_queue of the RST|ACK the kernel
 *                        sends for a SYN no socket takes (no listener)
 *   send                 net:net_dev_queue of a TCP segment (IPv4, or
 *                        IPv6 with TCP as the first next header): the
 *                        socket is skb->sk when it is a full TCP socket
 *   receive              net:netif_receive_skb of a TCP segment: the
 *                        socket is the established one the kernel will
 *                        find for it (a reference taken and dropped
 *                        around the firing), 0 for a listener's SYN
 *
 * Native arguments: 0 the struct sk_buff (send, receive, connect-request,
 * accept-refused, state-change of a time-wait socket's FIN) or 0, 1 the
 * struct sock or 0, 2 the IP header or 0, 3 the TCP header or 0, 4 the
 * state to report in tcpsinfo_t (state-change: the new one;
 * the socket still holds the old one; send and receive: the socket's,
 * also for a request or time-wait socket, which is not passed; 0 with
 * no socket), 5 the previous state. tcp.d translates them; a 0 argument
 * is a NULL pointer in D. Segments whose IP and TCP headers are not in
 * the skb's linear data, and IPv4 fragments after the first, are
 * skipped.
 */
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/skbuff.h>
#include <linux/tcp.h>
#include <net/inet6_hashtables.h>
#include <net/inet_hashtables.h>
#include <net/inet_timewait_sock.h>
#include <net/ipv6.h>
#include <net/sock.h>
#include <net/tcp_states.h>
#include <trace/events/sock.h>
#include <trace/events/tcp.h>
#include <trace/events/net.h>

#include "prov/ip.h"
#include "prov/linux_provs.h"
#define STABLE_TABLE "dtrace/providers/tcp.def"
#include "prov/stable_table.h"

/* The events of a socket, without a packet. */
static void tcp_fire(struct stable_probe *p, const struct sock *sk, int state,
		     int old)
{
	stable_fire6(p, 0, (uintptr_t)sk, 0, 0, state, old);
}

/*
 * The substate of the time-wait socket sk, closing, left in its place, or
 * -1: tcp_time_wait() swaps that one into the hash table for sk before
 * tcp_done() closes sk. It is TIME_WAIT proper, or FIN_WAIT_2 for an
 * orphaned socket whose FIN was acknowledged (the connection goes on in
 * FIN_WAIT_2 until the peer's FIN arrives: tcp_tw_fin_tp).
 */
static int tcp_tw_substate(const struct sock *sk)
{
	/* The port, as inet_put_port() zeroed inet_num before the close. */
	u16 port = ntohs(inet_sk(sk)->inet_sport);
	struct sock *tw = NULL;
	int sub = -1;

	if (!sk_unhashed(sk))
		return -1;
	rcu_read_lock();
#if IS_ENABLED(CONFIG_IPV6)
	if (sk->sk_family == AF_INET6 && !ipv6_addr_v4mapped(&sk->sk_v6_daddr))
		tw = dtrace_inet6_lookup_established(
			sock_net(sk), &sk->sk_v6_daddr, sk->sk_dport,
			&sk->sk_v6_rcv_saddr, port, sk->sk_bound_dev_if, 0);
	else
#endif
		tw = dtrace_inet_lookup_established(sock_net(sk), sk->sk_daddr,
						    sk->sk_dport,
						    sk->sk_rcv_saddr, port,
						    sk->sk_bound_dev_if, 0);
	if (tw && tw->sk_state == TCP_TIME_WAIT)
		sub = inet_twsk(tw)->tw_substate;
	if (tw)
		sock_gen_put(tw);
	rcu_read_unlock();
	return sub;
}

static void tcp_set_state_tp(void *data, const struct sock *sk,
			     const int oldstate, const int state)
{
	struct stable_probe *p = data;
	int newstate = state;
	bool fire;

	if (sk->sk_protocol != IPPROTO_TCP)
		return;
	/* Reported when the socket leaves SYN_RECV, its addresses set. */
	if (oldstate == TCP_LISTEN && newstate == TCP_SYN_RECV)
		return;
	/* A close into a time-wait socket: the connection goes on there. */
	if (newstate == TCP_CLOSE &&
	    (oldstate == TCP_FIN_WAIT1 || oldstate == TCP_FIN_WAIT2 ||
	     oldstate == TCP_CLOSING)) {
		int sub = tcp_tw_substate(sk);

		if (sub == oldstate)
			return;
		if (sub == TCP_TIME_WAIT || sub == TCP_FIN_WAIT2)
			newstate = sub;
	}
	switch (p->def->sel) {
	case STABLE_P_CONNECT_ESTABLISHED:
		fire = oldstate == TCP_SYN_SENT && newstate == TCP_ESTABLISHED;
		break;
	case STABLE_P_ACCEPT_ESTABLISHED:
		fire = oldstate == TCP_SYN_RECV && newstate == TCP_ESTABLISHED;
		break;
	default:
		/*
		 * Not a simultaneous open's (SYN_SENT -> SYN_RECV, reported):
		 * a passive open's socket has no struct socket before accept().
		 */
		if (oldstate == TCP_SYN_RECV && !sk->sk_socket)
			tcp_fire(p, sk, TCP_SYN_RECV, TCP_LISTEN);
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
 * A segment sent or received with sk, its socket or NULL. Only a full
 * TCP socket is passed (tcp.d reads struct tcp_sock): a request socket
 * (the SYN-ACK's) or a time-wait socket gives its state only, and the
 * control socket the kernel sends RSTs and time-wait ACKs from (a raw
 * socket) neither.
 */
static void tcp_seg_fire(struct stable_probe *p, struct sk_buff *skb,
			 struct sock *sk, const unsigned char *nh,
			 const void *th)
{
	int state = 0;

	if (sk && !sk_fullsock(sk)) {
		state = sk->sk_state == TCP_NEW_SYN_RECV ? TCP_SYN_RECV :
							   sk->sk_state;
		sk = NULL;
	} else if (sk && (sk->sk_protocol != IPPROTO_TCP ||
			  sk->sk_type != SOCK_STREAM)) {
		sk = NULL;
	} else if (sk) {
		state = sk->sk_state;
	}
	stable_fire6(p, (uintptr_t)skb, (uintptr_t)sk, (uintptr_t)nh,
		     (uintptr_t)th, state, 0);
}

/*
 * net_dev_queue: send, connect-request (a SYN without ACK from a socket
 * in SYN_SENT), and accept-refused. The kernel's reply to a
 * segment no socket takes (a SYN to a port nobody listens on) is a
 * RST|ACK with sequence number 0 sent from its control socket, with no
 * tracepoint of its own (tcp_send_reset fires only with a socket):
 * recognise it on its way to the device.
 */
static void tcp_dev_queue_tp(void *data, struct sk_buff *skb)
{
	struct stable_probe *p = data;
	const unsigned char *nh = skb_network_header(skb);
	const struct tcphdr *th = ip_l4_hdr(skb, nh, IPPROTO_TCP,
					    sizeof(struct tcphdr));

	if (!th)
		return;
	if (p->def->sel == STABLE_P_SEND) {
		tcp_seg_fire(p, skb, skb->sk, nh, th);
		return;
	}
	if (p->def->sel == STABLE_P_CONNECT_REQUEST) {
		if (th->syn && !th->ack && skb->sk && sk_fullsock(skb->sk) &&
		    skb->sk->sk_state == TCP_SYN_SENT)
			tcp_seg_fire(p, skb, skb->sk, nh, th);
		return;
	}
	if (!th->rst || !th->ack || th->seq != 0)
		return;
	stable_fire6(p, (uintptr_t)skb, 0, (uintptr_t)nh, (uintptr_t)th,
		     TCP_CLOSE, 0);
}

/* The established socket tcp_v4_rcv()/tcp_v6_rcv() will find. */
static struct sock *tcp_lookup4(struct net *net, int dif,
				const struct iphdr *iph, const void *th)
{
	const struct tcphdr *t = th;

	return dtrace_inet_lookup_established(
		net, iph->saddr, t->source, iph->daddr, ntohs(t->dest), dif, 0);
}

static struct sock *tcp_lookup6(struct net *net, int dif,
				const struct ipv6hdr *ip6h, const void *th)
{
#if IS_ENABLED(CONFIG_IPV6)
	const struct tcphdr *t = th;

	return dtrace_inet6_lookup_established(net, &ip6h->saddr, t->source,
					       &ip6h->daddr, ntohs(t->dest),
					       dif, 0);
#else
	return NULL;
#endif
}

/*
 * netif_receive_skb: the socket is looked up as tcp_v4_rcv()/tcp_v6_rcv()
 * will (established hash only).
 */
static void tcp_receive_tp(void *data, struct sk_buff *skb)
{
	static const struct ip_l4_ops ops = { tcp_lookup4, tcp_lookup6,
					      tcp_seg_fire };

	ip_l4_receive(data, skb, IPPROTO_TCP, sizeof(struct tcphdr), &ops);
}

/*
 * netif_receive_skb for state-change: the FIN that moves a time-wait
 * socket in FIN_WAIT_2 to TIME_WAIT (tcp_timewait_state_process(), with no
 * tracepoint). It fires with the segment and no socket, as receive would.
 */
static void tcp_fin_seg(struct stable_probe *p, struct sk_buff *skb,
			struct sock *sk, const unsigned char *nh,
			const void *th)
{
	const struct tcphdr *t = th;

	if (!sk || sk->sk_state != TCP_TIME_WAIT || !t->fin || t->rst ||
	    inet_twsk(sk)->tw_substate != TCP_FIN_WAIT2)
		return;
	stable_fire6(p, (uintptr_t)skb, 0, (uintptr_t)nh, (uintptr_t)th,
		     TCP_TIME_WAIT, TCP_FIN_WAIT2);
}

static void tcp_tw_fin_tp(void *data, struct sk_buff *skb)
{
	static const struct ip_l4_ops ops = { tcp_lookup4, tcp_lookup6,
					      tcp_fin_seg };

	ip_l4_receive(data, skb, IPPROTO_TCP, sizeof(struct tcphdr), &ops);
}

static struct stable_prov tcp_prov;

/* state-change: inet_sock_set_state, and received FINs (tcp_tw_fin_tp). */
static int tcp_state_change_arm(struct stable_probe *p, bool on)
{
	struct tracepoint *rcv = tcp_prov.probes[STABLE_P_RECEIVE].tp;
	int err;

	if (!on) {
		tracepoint_probe_unregister(rcv, tcp_tw_fin_tp, p);
		tracepoint_probe_unregister(p->tp, tcp_set_state_tp, p);
		return 0;
	}
	if (!p->tp || !rcv)
		return -ENOENT;
	err = tracepoint_probe_register(p->tp, tcp_set_state_tp, p);
	if (err)
		return err;
	err = tracepoint_probe_register(rcv, tcp_tw_fin_tp, p);
	if (err)
		tracepoint_probe_unregister(p->tp, tcp_set_state_tp, p);
	return err;
}

/*
 * tcp_set_state_tp and tcp_dev_queue_tp tell their probes apart by sel;
 * state-change, armed by tcp_state_change_arm, is in tcp_defs itself.
 */
#define TCP_PROBES(X)                                                 \
	X(CONNECT_REQUEST, net_dev_queue, tcp_dev_queue_tp)           \
	X(CONNECT_ESTABLISHED, inet_sock_set_state, tcp_set_state_tp) \
	X(ACCEPT_ESTABLISHED, inet_sock_set_state, tcp_set_state_tp)  \
	X(CONNECT_REFUSED, tcp_receive_reset, tcp_receive_reset_tp)   \
	X(ACCEPT_REFUSED, net_dev_queue, tcp_dev_queue_tp)            \
	X(SEND, net_dev_queue, tcp_dev_queue_tp)                      \
	X(RECEIVE, netif_receive_skb, tcp_receive_tp)
TCP_PROBES(STABLE_TP_TYPED)
DTRACE_TP_TYPED(inet_sock_set_state, tcp_set_state_tp)
DTRACE_TP_TYPED(netif_receive_skb, tcp_tw_fin_tp)
static const struct stable_def tcp_defs[] = {
	[STABLE_P_STATE_CHANGE] = { "inet_sock_set_state",
				    .sel = STABLE_P_STATE_CHANGE,
				    .arm = tcp_state_change_arm },
	TCP_PROBES(STABLE_TP_DEF)
};
STABLE_PROVIDER(tcp, tcp_defs)
