/* SPDX-License-Identifier: GPL-2.0 */
/* What the ip, tcp and udp providers share (ip.c). */
#ifndef _DTRACE_PROV_IP_H
#define _DTRACE_PROV_IP_H

#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/skbuff.h>
#include <net/sock.h>

const void *ip_l4_hdr(const struct sk_buff *skb, const unsigned char *nh,
		      u8 proto, size_t len);

typedef struct sock *(*ip_lookup4_t)(struct net *net, int dif,
				     const struct iphdr *iph, const void *th);
typedef struct sock *(*ip_lookup6_t)(struct net *net, int dif,
				     const struct ipv6hdr *ip6h,
				     const void *th);

struct stable_probe;

/* How the tcp or udp provider finds a packet's socket and fires. */
struct ip_l4_ops {
	ip_lookup4_t lookup4;
	ip_lookup6_t lookup6;
	void (*fire)(struct stable_probe *p, struct sk_buff *skb,
		     struct sock *sk, const unsigned char *nh, const void *th);
};

void ip_l4_receive(struct stable_probe *p, struct sk_buff *skb, u8 proto,
		   size_t len, const struct ip_l4_ops *ops);

#endif /* _DTRACE_PROV_IP_H */
