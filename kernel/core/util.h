/* SPDX-License-Identifier: GPL-2.0 */
/* Small freestanding helpers shared by core/ (no libc, no kernel lib). */
#ifndef _DTRACE_CORE_UTIL_H
#define _DTRACE_CORE_UTIL_H

#include "core/port.h"

#define DTRACE_ALIGN(x, a)	(((x) + ((a) - 1)) & ~((__typeof__(x))(a) - 1))
#define DTRACE_ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define DTRACE_MIN(a, b)	((a) < (b) ? (a) : (b))
#define DTRACE_MAX(a, b)	((a) > (b) ? (a) : (b))

size_t dtrace_strlen(const char *s);
size_t dtrace_strnlen(const char *s, size_t max);
int dtrace_strcmp(const char *a, const char *b);
/* Copies at most size - 1 bytes and always terminates (size > 0). */
void dtrace_strlcpy(char *dst, const char *src, size_t size);

/* A bounded message builder for error texts (dten_msg). */
struct dtrace_msg {
	char	*buf;
	size_t	size;
	size_t	len;
};
void dtrace_msg_init(struct dtrace_msg *m, char *buf, size_t size);
void dtrace_msg_str(struct dtrace_msg *m, const char *s);
void dtrace_msg_u64(struct dtrace_msg *m, uint64_t v);

/* Zeroed array allocation with overflow check; NULL on failure. */
void *dtrace_zalloc_array(size_t n, size_t size);

#endif /* _DTRACE_CORE_UTIL_H */
