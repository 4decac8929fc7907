// SPDX-License-Identifier: GPL-2.0
/* Freestanding string, sort and message helpers for core/. */
#include "core/util.h"

size_t dtrace_strlen(const char *s)
{
	size_t n = 0;

	while (s[n] != '\0')
		n++;
	return n;
}

size_t dtrace_strnlen(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n] != '\0')
		n++;
	return n;
}

static void sift_down(uint32_t *a, uint64_t root, uint64_t n)
{
	uint64_t child;

	while ((child = 2 * root + 1) < n) {
		uint32_t t;

		dtrace_port_tally(DTRACE_STEP_SORT, 1);
		if (child + 1 < n && a[child + 1] > a[child])
			child++;
		if (a[root] >= a[child])
			return;
		t = a[root];
		a[root] = a[child];
		a[child] = t;
		root = child;
	}
}

void dtrace_sort_u32(uint32_t *a, uint64_t n)
{
	uint64_t i;

	for (i = n / 2; i-- > 0;)
		sift_down(a, i, n);
	for (i = n; i-- > 1;) {
		uint32_t t = a[0];

		a[0] = a[i];
		a[i] = t;
		sift_down(a, 0, i);
	}
}

bool dtrace_str_in(const char *tab, size_t len, uint64_t off, size_t max)
{
	size_t room;

	if (off >= len)
		return false;
	room = len - off;
	return dtrace_strnlen(tab + off, room) < DTRACE_MIN(room, max);
}

int dtrace_strcmp(const char *a, const char *b)
{
	while (*a != '\0' && *a == *b) {
		a++;
		b++;
	}
	return (int)(unsigned char)*a - (int)(unsigned char)*b;
}

void dtrace_strlcpy(char *dst, const char *src, size_t size)
{
	size_t n = dtrace_strnlen(src, size - 1);

	dtrace_memcpy(dst, src, n);
	dst[n] = '\0';
}

void dtrace_msg_init(struct dtrace_msg *m, char *buf, size_t size)
{
	m->buf = buf;
	m->size = size;
	m->len = 0;
	if (size > 0)
		buf[0] = '\0';
}

void dtrace_msg_str(struct dtrace_msg *m, const char *s)
{
	while (*s != '\0' && m->len + 1 < m->size)
		m->buf[m->len++] = *s++;
	if (m->size > 0)
		m->buf[m->len] = '\0';
}

void dtrace_msg_u64(struct dtrace_msg *m, uint64_t v)
{
	char tmp[24];
	int i = sizeof(tmp) - 1;

	tmp[i] = '\0';
	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	dtrace_msg_str(m, &tmp[i]);
}

bool dtrace_mem_fits(uint64_t n, uint64_t size)
{
	return size == 0 || n <= dtrace_port_mem_budget() / size;
}

void *dtrace_zalloc_array(size_t n, size_t size)
{
	if (n == 0)
		n = 1;
	if (size != 0 && n > (size_t)-1 / size)
		return NULL;
	return dtrace_port_zalloc(n * size);
}
