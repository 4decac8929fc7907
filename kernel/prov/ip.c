// SPDX-License-Identifier: GPL-2.0
/*
 * The ip provider: IPv4 and IPv6 packets, DTrace's names and arguments
 * on 6.1's net tracepoints.
 *
 *   send     net:net_dev_queue, when a packet is queued to a device
 *            (the IP header at the skb's network header)
 *   receive  net:netif_receive_skb, when a device's packet enters the
 *            stack (the IP header at skb->data: the link header has
 *            been pulled, the network header is not set yet)
 *
 * Other protocols (ARP ...) and packets whose IP header is not in the
 * skb's linear data are skipped. Native arguments: 0 the struct
 * sk_buff, 1 its struct net_device, 2 the IPv4 header or 0, 3 the IPv6
 * header or 0, 4 the IP header (either); ip.d translates them.
 */
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/rcupdate.h>
#include <linux/skbuff.h>
#include <net/ip.h>
#include <trace/events/net.h>

#include "prov/ip.h"
#include "prov/linux_provs.h"
#define STABLE_TABLE "dtrace/providers/ip.def"
#include "prov/stable_table.h"

/*
 * The transport header of protocol proto (at least len bytes) of the
 * IPv4 or IPv6 packet whose IP header is at nh, or NULL: another
 * protocol (for IPv6, the first next header), an IPv4 fragment after
 * the first, or the headers are not in the skb's linear data. The tcp
 * and udp providers' send and receive find their segments with it.
 */
const void *ip_l4_hdr(const struct sk_buff *skb, const unsigned char *nh,
		      u8 proto, size_t len)
{
	const unsigned char *end = skb_tail_pointer(skb);
	const struct iphdr *iph = (const void *)nh;
	const unsigned char *th;

	if (nh < skb->head || nh + sizeof(struct iphdr) > end)
		return NULL;
	if (skb->protocol == htons(ETH_P_IP) && iph->version == 4 &&
	    iph->protocol == proto && iph->ihl >= 5 &&
	    !(iph->frag_off & htons(IP_OFFSET)))
		th = nh + iph->ihl * 4;
	else if (skb->protocol == htons(ETH_P_IPV6) && (nh[0] >> 4) == 6 &&
		 nh + sizeof(struct ipv6hdr) <= end &&
		 ((const struct ipv6hdr *)nh)->nexthdr == proto)
		th = nh + sizeof(struct ipv6hdr);
	else
		return NULL;
	if (th + len > end)
		return NULL;
	return th;
}

/*
 * The socket a packet entering the stack (IP header at nh, transport
 * header at th) is for, found by the provider's lookup for its IP
 * version in the receiving device's namespace, or NULL. Called under
 * rcu_read_lock(); a reference the lookup takes is the caller's.
 */
static struct sock *ip_rcv_sock(const struct sk_buff *skb,
				const unsigned char *nh, const void *th,
				ip_lookup4_t v4, ip_lookup6_t v6)
{
	if (!skb->dev)
		return NULL;
	if ((nh[0] >> 4) == 4)
		return v4(dev_net(skb->dev), skb->dev->ifindex,
			  (const void *)nh, th);
#if IS_ENABLED(CONFIG_IPV6)
	return v6(dev_net(skb->dev), skb->dev->ifindex, (const void *)nh, th);
#else
	return NULL;
#endif
}

/*
 * netif_receive_skb for the tcp and udp providers: the IP header is at
 * skb->data. A segment of protocol proto (a transport header of len
 * bytes) fires p with the socket the protocol's receive path will find
 * (looked up under RCU; the lookup's reference is dropped after the
 * firing).
 */
void ip_l4_receive(struct stable_probe *p, struct sk_buff *skb, u8 proto,
		   size_t len, const struct ip_l4_ops *ops)
{
	const unsigned char *nh = skb->data;
	const void *th = ip_l4_hdr(skb, nh, proto, len);
	struct sock *sk;

	if (!th)
		return;
	rcu_read_lock();
	sk = ip_rcv_sock(skb, nh, th, ops->lookup4, ops->lookup6);
	ops->fire(p, skb, sk, nh, th);
	if (sk)
		sock_gen_put(sk);
	rcu_read_unlock();
}

static void ip_fire(struct stable_probe *p, struct sk_buff *skb,
		    const unsigned char *hdr)
{
	uintptr_t v4 = 0, v6 = 0;
	size_t have;

	if (hdr < skb->head || hdr > skb_tail_pointer(skb))
		return;
	have = skb_tail_pointer(skb) - hdr;
	if (skb->protocol == htons(ETH_P_IP) && have >= sizeof(struct iphdr) &&
	    (hdr[0] >> 4) == 4)
		v4 = (uintptr_t)hdr;
	else if (skb->protocol == htons(ETH_P_IPV6) &&
		 have >= sizeof(struct ipv6hdr) && (hdr[0] >> 4) == 6)
		v6 = (uintptr_t)hdr;
	else
		return;
	stable_fire6(p, (uintptr_t)skb, (uintptr_t)skb->dev, v4, v6,
		     (uintptr_t)hdr, 0);
}

static void ip_send(void *data, struct sk_buff *skb)
{
	ip_fire(data, skb, skb_network_header(skb));
}

static void ip_receive(void *data, struct sk_buff *skb)
{
	ip_fire(data, skb, skb->data);
}

#define IP_PROBES(X)                    \
	X(SEND, net_dev_queue, ip_send) \
	X(RECEIVE, netif_receive_skb, ip_receive)
STABLE_TP_PROVIDER(ip, IP_PROBES)
