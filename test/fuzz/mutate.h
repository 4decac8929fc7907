/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Structure-aware mutation of program containers (kernel/uapi/dtrace/
 * prog.h), shared by the guest's ioctl fuzzer and the userspace kcore
 * fuzz test: header fields, table offsets and counts, entry fields and
 * option values set to the values that break size arithmetic (0, 1, 2^31,
 * 2^32 - 1, 2^32, 2^63, ~0, neighbours of the current value, random),
 * tables grown to large counts, strings unterminated, code scrambled.
 * Deterministic: a struct rng seeded from (seed, input) drives it all.
 */
#ifndef DTRACE_TEST_FUZZ_MUTATE_H
#define DTRACE_TEST_FUZZ_MUTATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct rng {
	uint64_t s;
};

void rng_init(struct rng *r, uint64_t seed, uint64_t input);
uint64_t rng_next(struct rng *r);
uint64_t rng_below(struct rng *r, uint64_t n); /* 0 for n == 0 */
/* A value that tends to break size arithmetic, or near cur. */
uint64_t rng_interesting(struct rng *r, uint64_t cur);

/*
 * Applies n mutations to the container in buf (size bytes, room for cap)
 * and returns its new size (<= cap). The header's dtph_size follows a
 * growth, except when a mutation forges it.
 */
size_t mutate_container(struct rng *r, uint8_t *buf, size_t size, size_t cap,
			unsigned n);

/*
 * Why running this container (GO and firings) would hit a bug known and
 * being fixed (issue 13), or NULL. The fuzzers skip GO for those, so a
 * run finds something new rather than the known crash each time.
 */
const char *known_bug(const uint8_t *buf, size_t size);

/*
 * Points every probe description whose provider is neither "dtrace" nor
 * "test" at probe id (dtpp_id): the userspace core's test:::fire, so a
 * corpus container's clauses all match there.
 */
void prog_retarget(uint8_t *buf, size_t size, uint32_t id);

#ifdef __cplusplus
}
#endif

#endif
