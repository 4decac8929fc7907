/* SPDX-License-Identifier: GPL-2.0 */
/* Small freestanding helpers shared by core/ (no libc, no kernel lib). */
#ifndef _DTRACE_CORE_UTIL_H
#define _DTRACE_CORE_UTIL_H

#include "core/port.h"

#define DTRACE_ALIGN(x, a)   (((x) + ((a)-1)) & ~((__typeof__(x))(a)-1))
#define DTRACE_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define DTRACE_MIN(a, b)     ((a) < (b) ? (a) : (b))
#define DTRACE_MAX(a, b)     ((a) > (b) ? (a) : (b))

size_t dtrace_strlen(const char *s);
size_t dtrace_strnlen(const char *s, size_t max);
int dtrace_strcmp(const char *a, const char *b);
/* Is off in tab[len] a string shorter than max bytes with its NUL? */
bool dtrace_str_in(const char *tab, size_t len, uint64_t off, size_t max);
/* Copies at most size - 1 bytes and always terminates (size > 0). */
void dtrace_strlcpy(char *dst, const char *src, size_t size);

/* Sorts a[n] ascending: heapsort, no recursion or memory, n log n. */
void dtrace_sort_u32(uint32_t *a, uint64_t n);

/* Do n objects of size bytes fit in dtrace_port_mem_budget()? */
bool dtrace_mem_fits(uint64_t n, uint64_t size);

/* A bounded message builder for error texts (dten_msg). */
struct dtrace_msg {
	char *buf;
	size_t size;
	size_t len;
};
void dtrace_msg_init(struct dtrace_msg *m, char *buf, size_t size);
void dtrace_msg_str(struct dtrace_msg *m, const char *s);
void dtrace_msg_u64(struct dtrace_msg *m, uint64_t v);

/*
 * Word-at-a-time string helpers. A word is 8 bytes as laid out in
 * memory. dtrace_word_has_nul(): does it hold a NUL byte?
 * dtrace_word_nul(): the index of its first NUL byte, or 8.
 * dtrace_word_keep(): the word with byte n and every later byte zeroed.
 */
#define DTRACE_ONES  0x0101010101010101ull
#define DTRACE_HIGHS 0x8080808080808080ull

static inline bool dtrace_word_has_nul(uint64_t w)
{
	return ((w - DTRACE_ONES) & ~w & DTRACE_HIGHS) != 0;
}

static inline uint32_t dtrace_word_nul(uint64_t w)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/* Exact for the lowest NUL: false hits only sit above a true one. */
	uint64_t t = (w - DTRACE_ONES) & ~w & DTRACE_HIGHS;

	return t == 0 ? 8 : (uint32_t)__builtin_ctzll(t) / 8;
#else
	const uint8_t *b = (const uint8_t *)&w;
	uint32_t i;

	for (i = 0; i < 8 && b[i] != 0; i++)
		;
	return i;
#endif
}

static inline uint64_t dtrace_word_keep(uint64_t w, uint32_t n)
{
	if (n == 0)
		return 0;
	if (n >= 8)
		return w;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return w & ((1ull << (8 * n)) - 1);
#else
	return w & (~0ull << (64 - 8 * n));
#endif
}

/* An unaligned word load and store. */
static inline uint64_t dtrace_word_get(const void *p)
{
	uint64_t w;

	dtrace_memcpy(&w, p, 8);
	return w;
}

static inline void dtrace_word_put(void *p, uint64_t w)
{
	dtrace_memcpy(p, &w, 8);
}

/* Stores v as an n-byte integer (1, 2, 4; otherwise 8, n bytes of it). */
static inline void dtrace_int_put(void *p, uint64_t v, uint32_t n)
{
	union {
		uint8_t b;
		uint16_t h;
		uint32_t w;
		uint64_t x;
	} u;

	switch (n) {
	case 1:
		u.b = (uint8_t)v;
		break;
	case 2:
		u.h = (uint16_t)v;
		break;
	case 4:
		u.w = (uint32_t)v;
		break;
	default:
		u.x = v;
		break;
	}
	dtrace_memcpy(p, &u, n);
}

/*
 * The hash of aggregation keys: word by word (64-bit multiply), then any
 * tail bytes; dtrace_hash_final() mixes the high half into the low.
 */
#define DTRACE_HASH_MUL 0x9e3779b97f4a7c15ull

static inline uint64_t dtrace_hash_word(uint64_t h, uint64_t w)
{
	h = (h ^ w) * DTRACE_HASH_MUL;
	return h ^ (h >> 32);
}

static inline uint64_t dtrace_hash_bytes(uint64_t h, const uint8_t *p,
					 uint32_t n)
{
	for (; n >= 8; n -= 8, p += 8)
		h = dtrace_hash_word(h, dtrace_word_get(p));
	for (; n > 0; n--, p++)
		h = (h ^ *p) * DTRACE_HASH_MUL;
	return h;
}

static inline uint32_t dtrace_hash_final(uint64_t h)
{
	h *= DTRACE_HASH_MUL;
	return (uint32_t)(h ^ (h >> 32));
}

/* Zeroed array allocation with overflow check; NULL on failure. */
void *dtrace_zalloc_array(size_t n, size_t size);

#endif /* _DTRACE_CORE_UTIL_H */
