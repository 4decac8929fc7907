// -x temporal: the firings of every CPU printed in the order they were
// traced, not CPU by CPU. Each drain hands over every CPU's snapshot with
// a time before which that CPU traced nothing the snapshot lacks (taken
// before asking for it: a firing runs with interrupts off, so one that
// began earlier is complete and in the buffer switched out). Every firing
// up to the earliest of those times is safe to print, in timestamp order;
// the rest wait for the next round (or the last one, which releases all).
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <span>
#include <vector>

#include "consume/buffer_walk.h"
#include "util/result.h"

namespace dtrace::consume {

class TemporalMerge {
 public:
  // One CPU's snapshot, complete for firings traced before `complete`
  // (ns, the records' clock); its firings are copied. `data_size` as for
  // walk_buffer().
  Status add(uint32_t cpu, std::span<const uint8_t> buf, uint64_t complete,
             const std::function<Result<uint32_t>(uint32_t)>& data_size);
  // Visits the firings safe to print (every one when `all`) oldest
  // first; equal timestamps keep one CPU's firings together, in buffer
  // order. Starts a new round.
  Status release(bool all, const std::function<Status(uint32_t cpu, const Firing&)>& fn);

 private:
  struct Held {
    uint32_t epid;
    uint64_t timestamp;
    std::vector<uint8_t> data;
  };
  std::map<uint32_t, std::deque<Held>> held_;  // per CPU, in buffer order
  uint64_t round_limit_ = UINT64_MAX;          // earliest snapshot of this round
};

}  // namespace dtrace::consume
