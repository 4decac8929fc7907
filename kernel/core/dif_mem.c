// SPDX-License-Identifier: GPL-2.0
/*
 * Memory access for DIF in probe context. Every read of memory named by
 * DIF goes through the port's fault-tolerant copies; strings are walked
 * in aligned 8-byte words (an aligned word never straddles a page, so a
 * string that ends just before an unmapped page does not fault). Scratch
 * is a per-CPU bump allocator reset for every ECB firing.
 */
#include "core/state.h"
#include "core/dynvar.h"
#include "core/util.h"

static uint16_t load_fault(int err, bool user)
{
	if (err != -EPERM)
		return DTRACEFLT_BADADDR;
	return user ? DTRACEFLT_UPRIV : DTRACEFLT_KPRIV;
}

int dtrace_dif_load(struct dtrace_mstate *ms, void *dst, uintptr_t addr,
		    size_t n, bool user)
{
	int err;

	if (n == 0)
		return 0;
	if (addr + n < addr) {
		dtrace_fault(ms, DTRACEFLT_BADADDR, addr);
		return -1;
	}
	err = user ? dtrace_port_uload(dst, addr, n) :
		     dtrace_port_kload(dst, addr, n);
	if (err != 0) {
		dtrace_fault(ms, load_fault(err, user), addr);
		return -1;
	}
	return 0;
}

int dtrace_dif_sbyte(struct dtrace_mstate *ms, struct dtrace_strwalk *sw,
		     uintptr_t addr)
{
	uintptr_t base = addr & ~(uintptr_t)7;

	if (!sw->valid || sw->base != base) {
		uintptr_t ram = base & ~(uintptr_t)4095;
		int err;

		if (sw->user) {
			err = dtrace_port_uload(sw->w, base, 8);
		} else if (ram == sw->ram) {
			err = dtrace_port_kload_again(sw->w, base, 8);
		} else {
			err = dtrace_port_kload(sw->w, base, 8);
			sw->ram = err == 0 ? ram : 0;
		}
		if (err != 0) {
			sw->valid = false;
			dtrace_fault(ms, load_fault(err, sw->user), addr);
			return -1;
		}
		sw->base = base;
		sw->valid = true;
	}
	return sw->w[addr - base];
}

size_t dtrace_dif_strlen(struct dtrace_mstate *ms, uintptr_t addr, size_t max,
			 bool user)
{
	struct dtrace_strwalk sw = { .user = user };
	size_t n;

	for (n = 0; n < max; n++) {
		int c = dtrace_dif_sbyte(ms, &sw, addr + n);

		if (c <= 0)
			return c < 0 ? 0 : n;
	}
	return max;
}

/* Bytes from addr to the end of the region [base, base + size), or 0. */
static uint64_t room_in(uintptr_t addr, const void *base, uint64_t size)
{
	uintptr_t b = (uintptr_t)base;

	return b != 0 && addr >= b && addr - b < size ? size - (addr - b) : 0;
}

uint64_t dtrace_dif_room(const struct dtrace_mstate *ms, uintptr_t addr)
{
	const struct dtrace_state *st = ms->state;
	uint64_t n;

	if (addr >= ms->scratch_base && addr < ms->scratch_ptr)
		return ms->scratch_ptr - addr;
	n = room_in(addr, st->gstore, st->gstore_size);
	if (n == 0)
		n = room_in(addr, ms->scpu->lstore, st->lstore_size);
	return n != 0 ? n : dtrace_dyn_room(st, addr);
}

/*
 * Canonical form: zeros to the end of the NUL's 8-byte word, so string
 * keys hash and compare up to that word only (agg.c).
 */
static void zero_word_tail(char *dst, size_t n, size_t size)
{
	size_t end = DTRACE_MIN(DTRACE_ALIGN(n + 1, (size_t)8), size);

	while (++n < end)
		dst[n] = '\0';
}

/*
 * Copies from memory DIF owns (no fault possible) a word at a time, at
 * most lim bytes; dst has size > lim bytes. True when the NUL was copied
 * (*n its index, the rest of its word zeroed); false after lim bytes.
 */
static bool owned_strcpy(char *dst, const char *src, size_t lim, size_t size,
			 size_t *n)
{
	size_t i;

	for (i = 0; i + 8 <= lim; i += 8) {
		uint64_t w = dtrace_word_get(src + i);
		uint32_t z = dtrace_word_nul(w);

		dtrace_word_put(dst + i, dtrace_word_keep(w, z));
		if (z < 8) {
			*n = i + z;
			return true;
		}
	}
	for (; i < lim; i++) {
		dst[i] = src[i];
		if (src[i] == '\0') {
			*n = i;
			zero_word_tail(dst, i, size);
			return true;
		}
	}
	*n = lim;
	return false;
}

size_t dtrace_dif_strcpy(struct dtrace_mstate *ms, char *dst, uintptr_t src,
			 size_t size, bool user)
{
	struct dtrace_strwalk sw;
	size_t n = 0;

	if (size == 0)
		return 0;
	if (!user) {
		uint64_t room = dtrace_dif_room(ms, src);

		if (room != 0 &&
		    owned_strcpy(dst, (const char *)src,
				 DTRACE_MIN(room, size - 1), size, &n))
			return n;
	}
	sw.valid = false;
	sw.user = user;
	sw.ram = 0;
	for (; n + 1 < size; n++) {
		int c = dtrace_dif_sbyte(ms, &sw, src + n);

		if (c <= 0)
			break;
		dst[n] = (char)c;
	}
	dst[n] = '\0';
	zero_word_tail(dst, n, size);
	return n;
}

/*
 * Compares the strings at a and b (at most max bytes): <0, 0, >0. A NULL
 * string compares as "", as in DTrace: strtok() == "" is false, not a
 * fault, when no token is left.
 */
int dtrace_dif_strcmp(struct dtrace_mstate *ms, uintptr_t a, uintptr_t b,
		      size_t max)
{
	struct dtrace_strwalk sa = { .user = false }, sb = { .user = false };
	size_t n;

	if (a == b)
		return 0;
	for (n = 0; n < max; n++) {
		int ca = a == 0 ? 0 : dtrace_dif_sbyte(ms, &sa, a + n);
		int cb = b == 0 ? 0 : dtrace_dif_sbyte(ms, &sb, b + n);

		if (ca < 0 || cb < 0)
			return 0;
		if (ca != cb)
			return ca - cb;
		if (ca == 0)
			return 0;
	}
	return 0;
}

uintptr_t dtrace_dif_scratch_take(struct dtrace_mstate *ms, uint64_t n)
{
	uintptr_t p = DTRACE_ALIGN(ms->scratch_ptr, (uintptr_t)8);

	if (p > ms->scratch_end || n > ms->scratch_end - p) {
		dtrace_fault(ms, DTRACEFLT_NOSCRATCH, 0);
		return 0;
	}
	ms->scratch_ptr = p + n;
	return p;
}

uintptr_t dtrace_dif_scratch(struct dtrace_mstate *ms, uint64_t n)
{
	uintptr_t p = dtrace_dif_scratch_take(ms, n);

	if (p != 0)
		dtrace_memset((void *)p, 0, n);
	return p;
}

bool dtrace_dif_in_scratch(const struct dtrace_mstate *ms, uintptr_t addr,
			   uint64_t n)
{
	return addr >= ms->scratch_base && addr <= ms->scratch_ptr &&
	       n <= ms->scratch_ptr - addr;
}

void dtrace_dif_copyval(struct dtrace_mstate *ms, uint8_t vk, uint8_t *dst,
			uintptr_t src, uint32_t size)
{
	switch (vk) {
	case DTRACE_VK_STRING:
	case DTRACE_VK_USTRING:
		dtrace_dif_strcpy(ms, (char *)dst, src, size,
				  vk == DTRACE_VK_USTRING);
		break;
	default:
		dtrace_dif_load(ms, dst, src, size, vk == DTRACE_VK_UREF);
		break;
	}
}
