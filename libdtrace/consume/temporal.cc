#include "consume/temporal.h"

#include <algorithm>
#include <optional>

namespace dtrace::consume {

Status TemporalMerge::add(uint32_t cpu, std::span<const uint8_t> buf, uint64_t complete,
                          const std::function<Result<uint32_t>(uint32_t)>& data_size) {
  round_limit_ = std::min(round_limit_, complete);
  std::deque<Held>& q = held_[cpu];
  return walk_buffer(buf, data_size, [&q](const Firing& f) -> Status {
    q.push_back(Held{f.epid, f.timestamp, {f.data.begin(), f.data.end()}});
    return Ok{};
  });
}

Status TemporalMerge::release(bool all, const std::function<Status(uint32_t cpu, const Firing&)>& fn) {
  uint64_t limit = all ? UINT64_MAX : round_limit_;
  round_limit_ = UINT64_MAX;
  std::optional<uint32_t> last;
  for (;;) {
    // The CPU whose next firing is oldest; on a tie the one printed last,
    // so that the parts of one firing stay together.
    std::deque<Held>* next = nullptr;
    uint32_t next_cpu = 0;
    for (auto& [cpu, q] : held_) {
      if (q.empty() || q.front().timestamp >= limit) continue;
      bool older = next == nullptr || q.front().timestamp < next->front().timestamp ||
                   (q.front().timestamp == next->front().timestamp && last == cpu);
      if (older) {
        next = &q;
        next_cpu = cpu;
      }
    }
    if (next == nullptr) return Ok{};
    Held h = std::move(next->front());
    next->pop_front();
    last = next_cpu;
    Status st = fn(next_cpu, Firing{h.epid, h.timestamp, h.data});
    if (!st) return st;
  }
}

}  // namespace dtrace::consume
