// An aggregation's firing under the bpf backend (doc/bpf.md), as
// kernel/core's dtrace_agg_apply() does it: the value, the key records
// and the weight evaluated in that order, then the entry for the key
// found (or made) in the aggregation's per-CPU hash map and the value
// folded into it (agg_fold.h). A full map is a counted aggregation drop.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bpf/builder.h"
#include "bpf/ecbs.h"
#include "bpf/ustack_prog.h"

namespace dtrace::bpf {

struct AggCode {
  dtbpf_agg agg{};
  std::vector<dtbpf_action> keys;
  int map = -1;  // the per-CPU hash of its sizes (agg_maps.h)
  // Without keys: map is a per-CPU array of its own, indexed by the
  // generation (no key to hash).
  bool array = false;
  // With holes (below): the hash map of its keys' stack bytes (agg_maps.h).
  int blocks = -1;
  // One string key longer than kShortKey: the hash whose key holds only
  // its first kShortKey bytes, for the strings that fit there (the rest
  // zero), so that a short string is hashed and compared in 24 bytes,
  // not 8 + strsize (agg_maps.h puts the zeros back).
  int short_map = -1;
};

// The string bytes (with the NUL) a short key holds: a task's name.
constexpr uint32_t kShortKey = 16;
// Whether a's key is one string record that a short key may hold.
bool agg_short_keys(const AggCode& a);

// The stack bytes of a key's ustack() record (its unwinding block's,
// uapi/dtrace/ustack.h, after the registers) are not in the map's key:
// the default 8 KiB of them would pass the largest key. The map's key
// holds their digest instead (ustack_prog.h), the bytes staged apart;
// the first firing of a key keeps them, and AGGSNAP puts them back
// (agg_maps.cc). Each hole: where the bytes are among the key records,
// how many; sorted. None for 16 bytes or fewer (the key holds them).
struct KeyHole {
  uint32_t off = 0, len = 0;
};
using KeyHoles = std::vector<KeyHole>;
KeyHoles key_holes(const AggCode& a);
// The key records' bytes in the map, and where one at off lies there.
uint32_t map_keylen(const AggCode& a);
uint32_t map_key_offset(const KeyHoles& h, uint32_t off);
// The stack bytes of the holes before off, which the staging element
// and the kept bytes hold before those of a hole at off; all of them.
uint32_t hole_stage(const KeyHoles& h, uint32_t off);
uint32_t hole_bytes(const KeyHoles& h);

// The maps every aggregation shares (agg_maps.h).
struct AggShared {
  int gen = -1;    // array of one uint64: the generation (0 or 1) keys carry
  int drops = -1;  // per-CPU array of one uint64: aggregation drops
  int zeros = -1;  // array of one zero-filled element: a new entry's value
  int used = -1;   // per-CPU array by generation: bytes of entries, as in
                   // the module's aggregation buffer of that CPU
  int stage = -1;  // per-CPU array of one kUstackStage element: keys' stack bytes
  uint64_t aggsize = 0;
};

// The largest key (with its generation and id word) and value the bpf device
// folds: the key is built in the scratch element; the value, with the
// word before it, is a per-CPU map value (the kernel's limit is 32 KiB).
constexpr uint32_t kMaxAggKey = 1024;
constexpr uint32_t kMaxAggValue = 32768 - 8;

// Empty when the bpf device can fold it, else what it cannot ("an
// aggregation key that is not an integer or a string", ...), for a
// message in DTrace's form; stacks: the probe's program may take stack()
// and ustack().
std::string agg_unsupported(const AggCode& a, bool stacks);

// What the ECB's code does for an aggregation (a fault leaves it); at:
// from the key's register (KeyAt below).
struct DifoCalls {
  // Calls a DIFO; its result in register dst (R1, R8 or R9) afterwards.
  std::function<void(const dtbpf_difo&, uint8_t dst)> run;
  // Calls a DIFO returning a string and copies at most size bytes of
  // that string to at (zeros there already).
  std::function<void(const dtbpf_difo&, int16_t at, uint32_t size)> run_string;
  // Writes size / 8 kernel pcs of the current stack to R7 + at.
  std::function<void(int16_t at, uint32_t size)> stack;
  // Writes a ustack() record of arg (uapi/dtrace/ustack.h) to R7 + at,
  // its stack bytes staged (ustack_prog.h) unless to is null.
  std::function<void(int16_t at, uint64_t arg, const UstackStage* to)> ustack;
  // When set: the most bytes (with the NUL) a DIFO's string can take.
  std::function<uint32_t(const dtbpf_difo&)> string_max;
};

// Where the key is built: the scratch element (R7) or, for an
// aggregation without a frame (agg_key.h), the stack (kFp).
struct KeyAt {
  uint8_t reg;
  int16_t off;
};

// One aggregating action: the key built from key.off of key.reg (R7 the
// scratch element, or kFp); R6, R8 and R9 are clobbered.
void emit_agg(Builder& b, const AggCode& a, const AggShared& maps, KeyAt key, const DifoCalls& calls);

}  // namespace dtrace::bpf
