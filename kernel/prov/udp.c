// SPDX-License-Identifier: GPL-2.0
/*
 * The udp provider: UDP datagrams, DTrace's names and arguments on 6.1's
 * net tracepoints (6.1 has no per-datagram UDP tracepoint).
 *
 *   send     net:net_dev_queue of a UDP datagram (IPv4, or IPv6 with UDP
 *            as the first next header): the socket is skb->sk when it
 *            is a UDP socket
 *   receive  net:netif_receive_skb of a UDP datagram: the socket is the
 *            one udp4_lib_lookup()/udp6_lib_lookup() find for it (the
 *            unicast lookup udp_rcv() does; a reference taken and
 *            dropped around the firing), 0 when none
 *
 * Native arguments: 0 the struct sk_buff, 1 the struct sock or 0, 2 the
 * IP header, 3 the UDP header; udp.d translates them, a 0 socket from
 * the headers. Datagrams whose IP and UDP headers are not in the skb's
 * linear data, and IPv4 fragments after the first, are skipped.
 */
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/skbuff.h>
#include <linux/udp.h>
#include <net/sock.h>
#include <net/udp.h>
#include <trace/events/net.h>

#include "prov/ip.h"
#include "prov/linux_provs.h"
#define STABLE_TABLE "dtrace/providers/udp.def"
#include "prov/stable_table.h"

static void udp_fire(struct stable_probe *p, struct sk_buff *skb,
		     struct sock *sk, const unsigned char *nh, const void *uh)
{
	stable_fire(p, (uintptr_t)skb, (uintptr_t)sk, (uintptr_t)nh,
		    (uintptr_t)uh);
}

/* net_dev_queue: the IP header is at the network header. */
static void udp_send_tp(void *data, struct sk_buff *skb)
{
	const unsigned char *nh = skb_network_header(skb);
	const struct udphdr *uh = ip_l4_hdr(skb, nh, IPPROTO_UDP,
					    sizeof(struct udphdr));
	struct sock *sk = skb->sk;

	if (!uh)
		return;
	if (sk && (!sk_fullsock(sk) || sk->sk_protocol != IPPROTO_UDP ||
		   sk->sk_type != SOCK_DGRAM))
		sk = NULL;
	udp_fire(data, skb, sk, nh, uh);
}

/* The socket udp_rcv()'s unicast lookup finds (without the skb). */
static struct sock *udp_lookup4(struct net *net, int dif,
				const struct iphdr *iph, const void *th)
{
	const struct udphdr *uh = th;

	return udp4_lib_lookup(net, iph->saddr, uh->source, iph->daddr,
			       uh->dest, dif);
}

static struct sock *udp_lookup6(struct net *net, int dif,
				const struct ipv6hdr *ip6h, const void *th)
{
#if IS_ENABLED(CONFIG_IPV6)
	const struct udphdr *uh = th;

	return udp6_lib_lookup(net, &ip6h->saddr, uh->source, &ip6h->daddr,
			       uh->dest, dif);
#else
	return NULL;
#endif
}

/*
 * netif_receive_skb: the lookups run without the skb (no reuseport
 * program sees it).
 */
static void udp_receive_tp(void *data, struct sk_buff *skb)
{
	static const struct ip_l4_ops ops = { udp_lookup4, udp_lookup6,
					      udp_fire };

	ip_l4_receive(data, skb, IPPROTO_UDP, sizeof(struct udphdr), &ops);
}

#define UDP_PROBES(X)                       \
	X(SEND, net_dev_queue, udp_send_tp) \
	X(RECEIVE, netif_receive_skb, udp_receive_tp)
STABLE_TP_PROVIDER(udp, UDP_PROBES)
