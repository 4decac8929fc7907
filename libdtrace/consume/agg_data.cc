#include "consume/agg_data.h"

#include <algorithm>
#include <limits>

extern "C" {
#include "dtrace/buf.h"
}

namespace dtrace::consume {

namespace {

// llquantize's bucket count: NB = 2 (H - L + 1) C + 3 (§6.5).
size_t llquantize_buckets(uint64_t arg) {
  uint64_t f = DTRACE_LLQUANTIZE_FACTOR(arg), lo = DTRACE_LLQUANTIZE_LOW(arg);
  uint64_t hi = DTRACE_LLQUANTIZE_HIGH(arg), s = DTRACE_LLQUANTIZE_NSTEP(arg);
  if (f < 2 || s == 0 || lo > hi) return 3;
  return 2 * (hi - lo + 1) * (s - s / f) + 3;
}

// The positive side: magnitudes L..H of C = S - S/F buckets each, then
// the overflow. Magnitude 0 with S > F holds 1 .. F-1 only, S/F apart.
std::vector<LlqBucket> llquantize_positive(uint64_t arg) {
  int64_t f = DTRACE_LLQUANTIZE_FACTOR(arg), lo = DTRACE_LLQUANTIZE_LOW(arg);
  int64_t hi = DTRACE_LLQUANTIZE_HIGH(arg), s = DTRACE_LLQUANTIZE_NSTEP(arg);
  std::vector<LlqBucket> out;
  if (f < 2 || s == 0 || lo > hi) return out;
  int64_t sf = s / f, c = s - sf, p = 1;
  for (int64_t m = 0; m < lo; m++) p *= f;
  for (int64_t m = lo; m <= hi; m++) {
    int64_t next = p * f, width = next / s;
    for (int64_t j = 0; j < c; j++) {
      LlqBucket b;
      if (m == 0 && s > f) {
        b.ghost = j % sf != 0;
        b.min = b.max = 1 + j / sf;
      } else {
        b.min = std::max(p, (j + sf) * width);
        b.max = (j + sf + 1) * width - 1;
      }
      out.push_back(b);
    }
    p = next;
  }
  out.push_back({true, false, p, 0, false});
  return out;
}

}  // namespace

std::vector<LlqBucket> llquantize_layout(uint64_t arg) {
  std::vector<LlqBucket> pos = llquantize_positive(arg), out;
  if (pos.empty()) return out;
  for (auto it = pos.rbegin(); it != pos.rend(); ++it)  // mirrored
    out.push_back({it->has_max, it->has_min, -it->max, -it->min, it->ghost});
  int64_t below = pos.front().min - 1;  // |v| < F^L
  if (DTRACE_LLQUANTIZE_LOW(arg) == 0) below = 0;
  out.push_back({true, true, -below, below, false});
  out.insert(out.end(), pos.begin(), pos.end());
  return out;
}

bool agg_is_histogram(uint16_t func) {
  return func == DTRACEACT_AGG_QUANTIZE || func == DTRACEACT_AGG_LQUANTIZE ||
         func == DTRACEACT_AGG_LLQUANTIZE;
}

size_t agg_value_words(uint16_t func, uint64_t arg) {
  switch (func) {
    case DTRACEACT_AGG_AVG: return 2;
    case DTRACEACT_AGG_STDDEV: return 4;
    case DTRACEACT_AGG_QUANTIZE: return DTRACE_QUANTIZE_NBUCKETS;
    case DTRACEACT_AGG_LQUANTIZE: return 1 + DTRACE_LQUANTIZE_LEVELS(arg) + 2;
    case DTRACEACT_AGG_LLQUANTIZE: return 1 + llquantize_buckets(arg);
    default: return 1;
  }
}

void agg_merge(uint16_t func, std::vector<int64_t>& acc, std::span<const int64_t> delta) {
  if (acc.empty()) {
    acc.assign(delta.begin(), delta.end());
    return;
  }
  size_t n = std::min(acc.size(), delta.size());
  switch (func) {
    case DTRACEACT_AGG_MIN: acc[0] = std::min(acc[0], delta[0]); return;
    case DTRACEACT_AGG_MAX: acc[0] = std::max(acc[0], delta[0]); return;
    case DTRACEACT_AGG_STDDEV: {
      acc[0] += delta[0];
      acc[1] += delta[1];
      uint64_t lo = static_cast<uint64_t>(acc[2]) + static_cast<uint64_t>(delta[2]);
      uint64_t carry = lo < static_cast<uint64_t>(acc[2]) ? 1 : 0;
      acc[2] = static_cast<int64_t>(lo);
      acc[3] = static_cast<int64_t>(static_cast<uint64_t>(acc[3]) + static_cast<uint64_t>(delta[3]) + carry);
      return;
    }
    case DTRACEACT_AGG_LQUANTIZE:
    case DTRACEACT_AGG_LLQUANTIZE:
      for (size_t i = 1; i < n; i++) acc[i] += delta[i];  // word 0 is the parameters
      return;
    default:  // count, sum, avg, quantize: add word by word
      for (size_t i = 0; i < n; i++) acc[i] += delta[i];
      return;
  }
}

namespace {

uint64_t isqrt128(unsigned __int128 v) {
  uint64_t lo = 0, hi = std::numeric_limits<uint32_t>::max();
  hi = v > static_cast<unsigned __int128>(hi) * hi ? std::numeric_limits<uint64_t>::max() : hi;
  while (lo < hi) {  // largest r with r*r <= v
    uint64_t mid = lo + (hi - lo + 1) / 2;
    if (static_cast<unsigned __int128>(mid) * mid <= v) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

int64_t stddev(std::span<const int64_t> w) {
  if (w.size() < 4 || w[0] <= 0) return 0;
  int64_t avg = w[1] / w[0];
  unsigned __int128 sumsq =
      (static_cast<unsigned __int128>(static_cast<uint64_t>(w[3])) << 64) | static_cast<uint64_t>(w[2]);
  unsigned __int128 mean_sq = sumsq / static_cast<uint64_t>(w[0]);
  unsigned __int128 avg_sq = static_cast<unsigned __int128>(avg < 0 ? -static_cast<__int128>(avg) : avg);
  avg_sq *= avg_sq;
  return mean_sq > avg_sq ? static_cast<int64_t>(isqrt128(mean_sq - avg_sq)) : 0;
}

}  // namespace

int64_t agg_scalar(uint16_t func, std::span<const int64_t> w, int64_t normal) {
  if (w.empty() || normal == 0) return 0;
  switch (func) {
    case DTRACEACT_AGG_AVG: return w.size() < 2 || w[0] == 0 ? 0 : w[1] / w[0] / normal;
    case DTRACEACT_AGG_STDDEV: return stddev(w) / normal;
    case DTRACEACT_AGG_QUANTIZE:
    case DTRACEACT_AGG_LQUANTIZE:
    case DTRACEACT_AGG_LLQUANTIZE: return 0;
    default: return w[0] / normal;
  }
}

AggVar& AggTable::declare(const AggVarDesc& d) {
  auto [it, fresh] = vars_.try_emplace(d.name);
  AggVar& v = it->second;
  if (fresh) {
    v.desc = d;
    v.desc.order = next_order_++;
  } else if (v.desc.key_kinds.empty() && !d.key_kinds.empty()) {
    uint32_t order = v.desc.order;
    v.desc = d;
    v.desc.order = order;
  } else if (v.desc.arg == 0) {
    v.desc.arg = d.arg;
  }
  return v;
}

AggVar* AggTable::find(const std::string& name) {
  auto it = vars_.find(name);
  return it == vars_.end() ? nullptr : &it->second;
}

void AggTable::fold(AggVar& v, std::vector<std::vector<uint8_t>> keys, std::span<const int64_t> delta,
                    int cpu, std::span<const uint16_t> kinds) {
  std::vector<uint8_t> flat;
  for (const auto& k : keys) flat.insert(flat.end(), k.begin(), k.end());
  bool own = !kinds.empty() &&
             !std::equal(kinds.begin(), kinds.end(), v.desc.key_kinds.begin(), v.desc.key_kinds.end());
  if (own)  // another stack kind: never the same entry as the variable's
    for (uint16_t k : kinds) flat.insert(flat.end(), {static_cast<uint8_t>(k), static_cast<uint8_t>(k >> 8)});
  AggEntry& e = v.entries[flat];
  if (e.keys.empty()) {
    e.keys = std::move(keys);
    if (own) e.key_kinds.assign(kinds.begin(), kinds.end());
  }
  agg_merge(v.desc.func, e.value, delta);
  if (cpu >= 0) agg_merge(v.desc.func, e.percpu[static_cast<uint32_t>(cpu)], delta);
}

void AggTable::clear(AggVar& v) {
  bool params = v.desc.func == DTRACEACT_AGG_LQUANTIZE || v.desc.func == DTRACEACT_AGG_LLQUANTIZE;
  auto zero = [&](std::vector<int64_t>& w) {
    for (size_t i = params ? 1 : 0; i < w.size(); i++) w[i] = 0;
  };
  for (auto& [k, e] : v.entries) {
    zero(e.value);
    for (auto& [cpu, w] : e.percpu) zero(w);
  }
}

std::vector<AggVar*> AggTable::all() {
  std::vector<AggVar*> out;
  for (auto& [name, v] : vars_) out.push_back(&v);
  std::sort(out.begin(), out.end(), [](AggVar* a, AggVar* b) { return a->desc.order < b->desc.order; });
  return out;
}

}  // namespace dtrace::consume
