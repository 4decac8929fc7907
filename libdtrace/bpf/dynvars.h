// Dynamic variables under the bpf backend (doc/bpf.md): thread-locals
// (self->x) and associative arrays (a[k], self->a[k]) of scalars with
// integer keys, in one BPF hash map whose key is the module's
// (kernel/core/dynvar.c) in fixed words: scope << 32 | id, the thread
// (the current task's address, for self->) or 0, then each key of the
// tuple as a 64-bit value, zero past the last. Storing 0 deletes, as the
// module's; a store the map has no room for is a dynamic-variable drop,
// counted per CPU and reported by STATUS.
#pragma once

#include <cstdint>

#include "bpf/load.h"
#include "util/result.h"

namespace dtrace::bpf {

constexpr uint32_t kDynTupleMax = 8;                     // keys of an array
constexpr uint32_t kDynKeySize = 16 + 8 * kDynTupleMax;  // head, thread, keys
constexpr uint32_t kDynValueSize = 8;

// A tuple with one string: the key, then the string in strsize bytes (at
// most kMaxStringKey), in a second map.
constexpr uint32_t kMaxStringKey = 256;

struct Dynvars {
  int map_fd = -1;       // BPF_MAP_TYPE_HASH: key kDynKeySize, value 8
  int str_map_fd = -1;   // the same, key kDynKeySize + strsize; -1: none
  int sval_map_fd = -1;  // string values: key kDynKeySize, value strsize; -1: none
  int drops_fd = -1;     // BPF_MAP_TYPE_PERCPU_ARRAY of one uint64: drops
};

struct DynvarMaps {
  Fd map, str_map, sval_map, drops;
};

// Maps for entries variables (as many as the module's store holds, its
// entries sized for the program's keys and values; at least 1); d gets
// their descriptors.
// The maps of string keys and of string values only for a strsize of
// kMaxStringKey at most.
Result<DynvarMaps> create_dynvar_maps(uint32_t entries, uint32_t strsize, Dynvars& d);

// The drops counted on every CPU.
uint64_t dynvar_drops(const Dynvars& d);

}  // namespace dtrace::bpf
