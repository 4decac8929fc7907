// The consumer's aggregation table: per aggregation variable, one entry
// per key tuple holding the value accumulated from every AGGSNAP delta of
// every CPU (doc/records.md §6.1), plus the consumer-side state DTrace
// keeps per variable (normalize factor, printed flag). It decodes nothing
// from buffers and prints nothing: agg_snapshot.h feeds it, agg_print.h
// formats it.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "cc/program.h"

namespace dtrace::consume {

// What the consumer knows about one aggregation variable.
struct AggVarDesc {
  std::string name;                 // without '@'
  uint16_t func = DTRACEACT_NONE;   // DTRACEACT_AGG_*
  uint64_t arg = 0;                 // histogram parameters (dtpa_arg)
  std::vector<uint16_t> key_kinds;  // AGGKEY or a stack/symbol kind, per key
  std::vector<cc::ValueType> key_types;
  uint32_t order = 0;  // definition order: printing order
};

struct AggEntry {
  std::vector<std::vector<uint8_t>> keys;           // each key record's bytes
  std::vector<uint16_t> key_kinds;                  // its statement's, where they differ from the variable's
  std::vector<int64_t> value;                       // the function's 64-bit words
  std::map<uint32_t, std::vector<int64_t>> percpu;  // aggpercpu: each CPU's share
};

struct AggVar {
  AggVarDesc desc;
  std::map<std::vector<uint8_t>, AggEntry> entries;  // by concatenated key bytes
  int64_t normal = 1;
  bool printed = false;
};

// One llquantize bucket (doc/records.md §6.5): its values, inclusive;
// a ghost bucket (between 1 .. factor - 1 when lmag is 0 and steps
// exceed the factor) never fills and is not shown.
struct LlqBucket {
  bool has_min = true, has_max = true;
  int64_t min = 0, max = 0;
  bool ghost = false;
};
// The buckets of llquantize's value, in record order.
std::vector<LlqBucket> llquantize_layout(uint64_t arg);

// Words of a function's value (lquantize/llquantize: 1 + buckets).
size_t agg_value_words(uint16_t func, uint64_t arg);
// Folds a delta into an accumulated value (§6.1 merge rules); `acc`
// empty means a new entry.
void agg_merge(uint16_t func, std::vector<int64_t>& acc, std::span<const int64_t> delta);
// Scalar value as printed and sorted: count/sum/min/max as is, avg and
// stddev derived, each divided by `normal`. Histograms give 0.
int64_t agg_scalar(uint16_t func, std::span<const int64_t> value, int64_t normal);
bool agg_is_histogram(uint16_t func);

class AggTable {
 public:
  // The variable named `d.name`, created from `d` on first use.
  AggVar& declare(const AggVarDesc& d);
  AggVar* find(const std::string& name);
  // `cpu` >= 0 also keeps that CPU's share (aggpercpu). `kinds` are
  // the key kinds of the delta's statement: stack(), ustack() and
  // jstack() keys may share a variable.
  void fold(AggVar& v, std::vector<std::vector<uint8_t>> keys, std::span<const int64_t> delta, int cpu = -1,
            std::span<const uint16_t> kinds = {});
  // Consumer-side actions (DTRACE_LIBACT_*).
  void clear(AggVar& v);
  void normalize(AggVar& v, int64_t factor) { v.normal = factor > 0 ? factor : 1; }
  void denormalize(AggVar& v) { v.normal = 1; }
  // Every variable in definition order.
  std::vector<AggVar*> all();

 private:
  std::map<std::string, AggVar> vars_;
  uint32_t next_order_ = 0;
};

}  // namespace dtrace::consume
