// SPDX-License-Identifier: GPL-2.0
/*
 * Address formatting subroutines: inet_ntoa() (dotted quad), inet_ntoa6()
 * (RFC 5952: lower-case hex, longest run of two or more zero groups as
 * "::"; an IPv4-mapped or -compatible address as its dotted quad),
 * inet_ntop() choosing between them by family (the IPv4 address in an
 * IPv6 one as ::ffff:a.b.c.d or ::a.b.c.d), link_ntop() for Ethernet and
 * InfiniBand. The address bytes are read with the fault-tolerant loads;
 * text goes to scratch.
 */
#include "core/state.h"
#include "core/util.h"
#include "core/subr.h"

#define AF_INET_	   2
#define AF_INET6_	   10 /* Linux */
#define ARPHRD_ETHER_	   1
#define ARPHRD_INFINIBAND_ 32

static const char hexdigits[] = "0123456789abcdef";

struct out {
	char *p;
	size_t n;
	size_t size;
};

static void put(struct out *o, char c)
{
	if (o->n + 1 < o->size)
		o->p[o->n++] = c;
	o->p[o->n] = '\0';
}

static void put_dec(struct out *o, uint32_t v)
{
	char tmp[12];
	int i = 0;

	do {
		tmp[i++] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	while (i > 0)
		put(o, tmp[--i]);
}

static void put_hex(struct out *o, uint32_t v, bool pad2)
{
	char tmp[8];
	int i = 0;

	do {
		tmp[i++] = hexdigits[v & 0xf];
		v >>= 4;
	} while (v != 0);
	if (pad2 && i < 2)
		tmp[i++] = '0';
	while (i > 0)
		put(o, tmp[--i]);
}

static void quad(struct out *o, const uint8_t *b)
{
	int i;

	for (i = 0; i < 4; i++) {
		if (i > 0)
			put(o, '.');
		put_dec(o, b[i]);
	}
}

/* The longest run (>= 2) of zero 16-bit groups: *start, returns length. */
static int zero_run(const uint16_t *g, int *start)
{
	int best = 0, i, j;

	*start = -1;
	for (i = 0; i < 8; i = j + 1) {
		for (j = i; j < 8 && g[j] == 0; j++)
			;
		if (j - i > best && j - i >= 2) {
			best = j - i;
			*start = i;
		}
	}
	return best;
}

static void puts_(struct out *o, const char *s)
{
	while (*s != '\0')
		put(o, *s++);
}

/*
 * An address carrying an IPv4 one: mapped (::ffff:a.b.c.d) or, as
 * DTrace counts them, compatible (::a.b.c.d, the last 32 bits above 1,
 * so :: and ::1 are not). inet_ntop() prints the prefix, inet_ntoa6()
 * the dotted quad alone.
 */
static bool ipv4_in_ipv6(struct out *o, const uint8_t *b, bool prefix)
{
	static const uint8_t zero[10];
	uint32_t v4 = (uint32_t)b[12] << 24 | (uint32_t)b[13] << 16 |
		      (uint32_t)b[14] << 8 | b[15];
	bool mapped = b[10] == 0xff && b[11] == 0xff;

	if (dtrace_memcmp(b, zero, sizeof(zero)) != 0)
		return false;
	if (!mapped && (b[10] != 0 || b[11] != 0 || v4 <= 1))
		return false;
	if (prefix)
		puts_(o, mapped ? "::ffff:" : "::");
	quad(o, b + 12);
	return true;
}

static void ipv6(struct out *o, const uint8_t *b, bool prefix)
{
	uint16_t g[8];
	int i, zs, zl;

	if (ipv4_in_ipv6(o, b, prefix))
		return;
	for (i = 0; i < 8; i++)
		g[i] = (uint16_t)(b[2 * i] << 8 | b[2 * i + 1]);
	zl = zero_run(g, &zs);
	for (i = 0; i < 8; i++) {
		if (i == zs) {
			put(o, ':');
			put(o, ':');
			i += zl - 1;
			continue;
		}
		if (i > 0 && i != zs + zl)
			put(o, ':');
		put_hex(o, g[i], false);
	}
}

static void link_addr(struct out *o, const uint8_t *b, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if (i > 0)
			put(o, ':');
		put_hex(o, b[i], true);
	}
}

uint64_t dtrace_subr_net(struct dtrace_mstate *ms, uint32_t subr,
			 const uint64_t *a)
{
	uint64_t fam = 0, addr = a[0];
	uint8_t b[20];
	struct out o;
	size_t n;

	if (subr == DIF_SUBR_INET_NTOP || subr == DIF_SUBR_LINK_NTOP) {
		fam = a[0];
		addr = a[1];
	}
	if (subr == DIF_SUBR_INET_NTOA6 ||
	    (subr == DIF_SUBR_INET_NTOP && fam == AF_INET6_))
		n = 16;
	else if (subr == DIF_SUBR_INET_NTOA ||
		 (subr == DIF_SUBR_INET_NTOP && fam == AF_INET_))
		n = 4;
	else if (subr == DIF_SUBR_LINK_NTOP && fam == ARPHRD_ETHER_)
		n = 6;
	else if (subr == DIF_SUBR_LINK_NTOP && fam == ARPHRD_INFINIBAND_)
		n = 20;
	else {
		dtrace_fault(ms, DTRACEFLT_ILLOP, fam);
		return 0;
	}
	if (dtrace_dif_load(ms, b, addr, n, false) != 0)
		return 0;
	o.size = ms->strsize;
	o.n = 0;
	o.p = (char *)dtrace_dif_scratch(ms, o.size);
	if (o.p == NULL)
		return 0;
	if (subr == DIF_SUBR_LINK_NTOP)
		link_addr(&o, b, (int)n);
	else if (n == 16)
		ipv6(&o, b, subr == DIF_SUBR_INET_NTOP);
	else
		quad(&o, b);
	return (uintptr_t)o.p;
}
