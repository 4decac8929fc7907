// The bpf device's aggregation storage (doc/bpf.md): a per-CPU hash map
// for the aggregations of each key and value size (a program may use
// only 64 maps), keyed by the generation and the aggregation id (32 bits
// each) and the key records, whose value is a word set once the entry is
// initialized on that CPU, then the value in the module's layout. AGGSNAP switches the generation
// the probes write, as the module switches its aggregation buffers, and
// hands the old generation's entries over in the module's AGGSNAP layout
// (struct dtrace_aggent, key, value) of each CPU that folded into them,
// deleting them: snapshots are deltas, which consume/ accumulates.
// An aggregation whose keys' stack bytes are not in the map's key
// (agg_prog.h: holes) has a hash map of them too, by the same key, which
// the first firing of a key fills from the staging element; AGGSNAP
// puts them back in the key and deletes them with the entry.
// An aggregation of one string key has a second hash, of keys that hold
// only the string's first kShortKey bytes (agg_prog.h), for the strings
// that fit there; AGGSNAP puts the zeros after them back.
// The first kMaxArrays aggregations without keys have a per-CPU array
// of two elements (one a generation) each instead: a firing indexes it
// rather than hashing a key, and AGGSNAP zeroes the element it read.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "bpf/agg_prog.h"
#include "bpf/load.h"
#include "util/result.h"

namespace dtrace::bpf {

class AggMaps {
 public:
  static Result<AggMaps> create();

  // Finds or makes the map of a's sizes (a gets it), which holds what
  // aggsize bytes of such entries would, in each generation.
  Status add(AggCode& a, uint64_t aggsize);
  AggShared shared() const {
    return {gen_.get(), drops_.get(), zeros_.get(), used_.get(), stage_.get(), aggsize_};
  }

  // The entries folded since the last snapshot, by CPU (every possible
  // CPU's); *drops: the aggregation drops since then.
  Result<std::vector<std::vector<uint8_t>>> snapshot(uint64_t* drops);

 private:
  struct One {
    Fd map;
    uint32_t keylen = 0, valsize = 0, entries = 0;
  };
  // An aggregation's holes, its whole key's bytes and its kept stack
  // bytes (hole_bytes() each, by the map's key).
  struct Holed {
    KeyHoles holes;
    uint32_t keylen = 0;
    Fd blocks;
  };
  // The hash of keys of keylen bytes and values of valsize (entries
  // of them), found or made.
  Result<One*> hash(uint32_t keylen, uint32_t valsize, uint64_t entries);
  Status add_blocks(AggCode& a, const One& o);
  void restore(const Holed& h, const std::vector<uint8_t>& key, std::vector<uint8_t>& whole);
  struct Array {
    Fd map;
    uint32_t id = 0, valsize = 0;
  };
  Status read_one(const One& o, uint32_t gen, std::vector<std::vector<uint8_t>>& out);
  Status read_array(const Array& a, uint32_t gen, std::vector<std::vector<uint8_t>>& out);

  std::map<std::pair<uint32_t, uint32_t>, One> maps_;  // by key and value size
  std::vector<Array> arrays_;
  std::map<uint32_t, Holed> holes_;  // by aggregation id
  // Aggregations with short keys (AggCode::short_map): their keylen.
  std::map<uint32_t, uint32_t> shorts_;
  Fd gen_, drops_, zeros_, used_, stage_;
  uint64_t aggsize_ = 0;
  uint32_t zeros_size_ = 0;
  uint32_t gen_now_ = 0;
  uint64_t drops_seen_ = 0;
};

}  // namespace dtrace::bpf
