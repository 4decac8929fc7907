// Dynamic variables under the bpf backend (doc/bpf.md): thread-locals
// (self->x) and associative arrays (a[k], self->a[k]) of scalars with
// integer keys, in one BPF hash map whose key is the module's
// (kernel/core/dynvar.c) in fixed words: scope << 32 | id, the thread
// (the current task's address, for self->) or 0, then each key of the
// tuple as a 64-bit value, zero past the last. Storing 0 deletes, as the
// module's; a store the map has no room for is a dynamic-variable drop,
// counted per CPU and reported by STATUS.
#pragma once

#include <linux/bpf.h>

#include <cstdint>
#include <span>
#include <vector>

#include "bpf/difo_view.h"
#include "bpf/load.h"
#include "util/result.h"

namespace dtrace::bpf {

constexpr uint32_t kDynTupleMax = 8;                     // keys of an array
constexpr uint32_t kDynKeySize = 16 + 8 * kDynTupleMax;  // head, thread, keys
constexpr uint32_t kDynValueSize = 8;

// A tuple with one string: the key, then the string in strsize bytes (at
// most kMaxStringKey), in a second map.
constexpr uint32_t kMaxStringKey = 256;

// By-reference values (structures, unions, arrays of self->x, a[k],
// self->a[k]): each in a slot of a pool, an array map of entries
// elements of 2 * ref_size bytes (the value in the first half, the
// second zero, so that a copy of at most ref_size bytes into a checked
// offset of the first half stays in the element for the verifier), the
// map of the variables holding the slot's index. Free slots' indexes
// wait in a stack map, all of them at first; storing 0 deletes the
// variable and pushes its slot back. The module's store sizes its
// entries' values for the largest variable the same way (valmax).
constexpr uint32_t kMaxRefValue = 4096;
// A by-reference variable's key has this bit in its head (scope << 32 |
// id: ids are 16 bits), so that what deletes it at its thread's exit
// knows the value for a slot's index to free.
constexpr uint64_t kDynRefKey = 1u << 16;

struct Dynvars {
  int map_fd = -1;        // BPF_MAP_TYPE_HASH: key kDynKeySize, value 8
  int str_map_fd = -1;    // the same, key kDynKeySize + strsize; -1: none
  int sval_map_fd = -1;   // string values: key kDynKeySize, value strsize; -1: none
  int drops_fd = -1;      // BPF_MAP_TYPE_PERCPU_ARRAY of one uint64: drops
  int pool_fd = -1;       // BPF_MAP_TYPE_ARRAY of slots, 2 * ref_size each; -1: none
  int free_fd = -1;       // BPF_MAP_TYPE_STACK of the free slots' indexes (uint32)
  uint32_t ref_size = 0;  // the largest by-reference value, rounded up to 8
  uint32_t slots = 0;
};

struct DynvarMaps {
  Fd map, str_map, sval_map, drops, pool, free;
};

// The module's valmax (kernel/core/dynvar_clean.c: the largest value
// of a thread-local or associative array in difos, strings of strsize,
// at least 8, rounded up to 8) when one of them is by reference (not a
// string); 0 for none.
uint32_t dynvar_ref_size(std::span<const DifoView> difos, uint32_t strsize);

// Whether a DIFO in difos names a thread-local or an associative array:
// without one the maps are made with one entry, not the module's store's
// (preallocated hashes of some 20,000 entries, most of start-up's time).
bool uses_dynvars(std::span<const DifoView> difos);

// Maps for entries variables (as many as the module's store holds, its
// entries sized for the program's keys and values; at least 1); d gets
// their descriptors.
// The maps of string keys and of string values only for a strsize of
// kMaxStringKey at most. The pool of by-reference values for a
// ref_size over 0 (at most kMaxRefValue), one slot an entry.
Result<DynvarMaps> create_dynvar_maps(uint32_t entries, uint32_t strsize, Dynvars& d, uint32_t ref_size = 0);

// The program sched_process_exit runs while a program has thread-locals
// (a raw tracepoint's): the exiting thread's variables deleted, as the
// module's dtrace_dyn_thread_exit(). Each scalar of scalars (their ids)
// by its key in the scalars' and string values' maps; with arrays, every
// entry of the thread in each map, by bpf_for_each_map_elem() (a walk of
// the map's buckets, where the module's cleaner takes the thread's arrays
// later). The by-reference ones (refs by their keys, array entries by
// their keys' kDynRefKey) push their slots back on the pool's free stack.
Result<std::vector<bpf_insn>> dynvar_exit_program(const Dynvars& d, std::span<const uint16_t> scalars,
                                                  std::span<const uint16_t> refs, bool arrays);

// The drops counted on every CPU.
uint64_t dynvar_drops(const Dynvars& d);

}  // namespace dtrace::bpf
