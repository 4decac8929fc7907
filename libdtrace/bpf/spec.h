// Speculations under the bpf backend (doc/bpf.md): the module's contract
// (kernel/core/spec.c) with the buffers in user space. Each id has three
// words of one BPF array element: its state, (generation << 8) | state,
// changed by compare-and-swap in probe context (speculation() INACTIVE
// -> ACTIVE with the next generation, commit() and discard() ACTIVE ->
// INACTIVE); the bytes its records take, which speculate() reserves
// (atomic adds), at most specsize, as the module's dtrace_spec_reserve();
// and the records it had no room for (dropped with their clause).
// A speculative record goes to the one ring buffer marked in its
// header's pad (kSpecPadFlag beside the CPU, bufs.h) with the generation
// it saw ACTIVE and the id in its timestamp, (generation << 8) | id; a
// commit() or discard() that ended the id writes a marker record
// (kSpecCommitEpid, kSpecDiscardEpid; the CPU in the pad, the generation
// and id, then the drops, which it takes from the id) after its
// clause's record. The drain (SpecDrain) keeps each id's records and at
// its marker puts them in the committing CPU's principal buffer
// restamped, counting the drops, or drops them.
// The device reports one CPU, so an id ends at once, as the module's
// does when no other CPU holds its data: speculation() never finds one
// busy.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <vector>

#include "bpf/load.h"
#include "util/result.h"

namespace dtrace::bpf {

constexpr uint32_t kSpecCommitEpid = 0xfffffffeu;
constexpr uint32_t kSpecDiscardEpid = 0xfffffffdu;
constexpr uint64_t kSpecInactive = 0, kSpecActive = 1;  // the module's DTRACE_SPEC_*
constexpr uint32_t kMaxSpecs = 64;                      // ids speculation() tries, unrolled
constexpr int32_t kSpecStride = 24;                     // state, bytes used, drops
constexpr uint32_t kSpecMarkerSize = 24;
constexpr uint32_t kSpecPadFlag = 0x80000000u;  // a speculative record's pad: the flag | its CPU

struct Specs {
  int map_fd = -1;    // BPF_MAP_TYPE_ARRAY of one element: nspec words
  int drops_fd = -1;  // BPF_MAP_TYPE_PERCPU_ARRAY of one element: unavailable, busy
  uint32_t nspec = 0;
  uint64_t size = 0;  // specsize, as the module's dtrace_spec_alloc() sizes it
};

struct SpecMaps {
  Fd map, drops;
};

// The maps for nspec ids (room for 1 at least); s gets their descriptors.
Result<SpecMaps> create_spec_maps(uint32_t nspec, uint64_t specsize, Specs& s);

// speculation()'s failures on every CPU: no INACTIVE id, and an id busy.
void spec_unavail(const Specs& s, uint64_t* unavail, uint64_t* busy);

// The drain's side: records in ring order, into the principal data.
class SpecDrain {
 public:
  // Where a committed record goes: the CPU's principal buffer.
  using Put = std::function<void(uint32_t cpu, const uint8_t* rec, size_t size)>;
  // A record of size bytes: a speculative one or a marker is taken
  // (true), others are the caller's.
  bool take(const uint8_t* rec, size_t size, const Put& put);
  uint64_t drops() const { return drops_; }  // specsize drops of committed ids

 private:
  struct Id {
    uint64_t gen = 0;
    std::vector<uint8_t> data;
    bool ended = false, committed = false;  // gen ended, and how
  };
  void restamp(const Put& put, uint32_t cpu, const uint8_t* rec, size_t size);
  std::vector<uint8_t> rec_;
  std::map<uint32_t, Id> ids_;
  uint64_t drops_ = 0;
};

}  // namespace dtrace::bpf
