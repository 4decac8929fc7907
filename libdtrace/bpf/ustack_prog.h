// ustack() and jstack() in a probe's program under the bpf backend
// (doc/bpf.md, "Stacks"): the module's record (uapi/dtrace/ustack.h),
// as a record or as an aggregation key. An aggregation key's stack
// bytes do not fit the map's key: they are copied to a per-CPU staging
// element instead, and the key holds a 128-bit digest of them, which
// tells apart what the bytes would (agg_maps.h keeps the bytes of each
// key and puts them back at AGGSNAP).
#pragma once

#include <cstdint>

#include "bpf/builder.h"
#include "bpf/kstack.h"

namespace dtrace::bpf {

// Where an aggregation key's stack bytes go: the staging map (a per-CPU
// array of one kUstackStage element) at offset stage.
struct UstackStage {
  int map = -1;
  uint32_t stage = 0;
};

// The staging element: the stack bytes of one aggregation's keys.
constexpr uint32_t kUstackStage = 32768;
// The digest of a key's stack bytes in the map's key.
constexpr uint32_t kUstackDigest = 16;

// A ustack() record of arg (uapi/dtrace/ustack.h) to R7 + at (zeros
// there already), as the module's record_ustack(); the stack bytes of
// its block there too or, with to, to the staging element, and their
// digest in their place at R7 + at. R0 to R6 clobbered.
void emit_ustack(Builder& b, const StackSkip& skip, int16_t at, uint64_t arg, const UstackStage* to);

// The digest's bpf_loop() callback, once some emit_ustack() called it.
void emit_ustack_subs(Builder& b);

}  // namespace dtrace::bpf
