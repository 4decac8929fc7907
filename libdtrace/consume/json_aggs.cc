#include "consume/json_aggs.h"

#include <limits>

#include "cc/builtins.h"
#include "consume/json_values.h"
#include "consume/json_writer.h"

extern "C" {
#include "dtrace/buf.h"
}

namespace dtrace::consume {
namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

void add(std::vector<JsonBucket>& out, JsonBucket b) {
  if (b.count != 0) out.push_back(b);
}

// quantize: bucket 0 holds 0; j > 0 holds 2^(j-1) .. 2^j - 1, j < 0 the
// negatives mirrored.
void quantize_buckets(std::vector<JsonBucket>& out, std::span<const int64_t> w) {
  for (size_t i = 0; i < w.size(); i++) {
    int j = static_cast<int>(i) - DTRACE_QUANTIZE_ZEROBUCKET;
    JsonBucket b;
    b.count = w[i];
    if (j > 0) {
      b.min = int64_t{1} << (j - 1);
      b.max = j >= 63 ? kMax : (int64_t{1} << j) - 1;
    } else if (j < 0) {
      b.max = -(int64_t{1} << (-j - 1));
      b.min = -j >= 63 ? -kMax : -((int64_t{1} << -j) - 1);
    }
    add(out, b);
  }
}

void lquantize_buckets(std::vector<JsonBucket>& out, uint64_t arg, std::span<const int64_t> w) {
  int64_t base = DTRACE_LQUANTIZE_BASE(arg), step = DTRACE_LQUANTIZE_STEP(arg);
  int64_t levels = DTRACE_LQUANTIZE_LEVELS(arg);
  for (size_t i = 1; i < w.size(); i++) {
    int64_t k = static_cast<int64_t>(i) - 1;
    JsonBucket b;
    b.count = w[i];
    if (k == 0) b.has_min = false, b.max = base - 1;
    else if (k == levels + 1) b.min = base + levels * step, b.has_max = false;
    else b.min = base + (k - 1) * step, b.max = b.min + step - 1;
    add(out, b);
  }
}

// llquantize: the buckets of its layout but the ghosts (§6.5).
void llquantize_buckets(std::vector<JsonBucket>& out, uint64_t arg, std::span<const int64_t> w) {
  std::vector<LlqBucket> layout = llquantize_layout(arg);
  for (size_t i = 0; i < layout.size() && i + 1 < w.size(); i++)
    if (!layout[i].ghost)
      add(out, {layout[i].has_min, layout[i].has_max, layout[i].min, layout[i].max, w[i + 1]});
}

void entry_value(JsonWriter& w, const AggVar& v, const AggEntry& e) {
  uint16_t func = v.desc.func;
  if (!agg_is_histogram(func)) {
    w.member("value", agg_scalar(func, e.value, v.normal));
    return;
  }
  int64_t normal = v.normal > 0 ? v.normal : 1;
  w.key("buckets").begin_array();
  for (const JsonBucket& b : histogram_buckets(func, v.desc.arg, e.value)) {
    w.begin_object();
    if (b.has_min) w.member("min", b.min);
    if (b.has_max) w.member("max", b.max);
    w.member("count", b.count / normal).end_object();
  }
  w.end_array();
}

}  // namespace

std::vector<JsonBucket> histogram_buckets(uint16_t func, uint64_t arg, std::span<const int64_t> w) {
  std::vector<JsonBucket> out;
  if (func == DTRACEACT_AGG_QUANTIZE) quantize_buckets(out, w);
  else if (func == DTRACEACT_AGG_LQUANTIZE) lquantize_buckets(out, arg, w);
  else if (func == DTRACEACT_AGG_LLQUANTIZE) llquantize_buckets(out, arg, w);
  return out;
}

std::string json_aggregation(AggVar& v, const AggSortOptions& o) {
  JsonWriter w;
  w.begin_object().member("type", "aggregation").member("aggregation-name", v.desc.name);
  w.member("function", cc::action_name(v.desc.func));
  w.key("aggregation-data").begin_array();
  AggVar* one[] = {&v};
  for (const AggRow& r : agg_sorted_rows(one, o)) {
    w.begin_object().key("keys").begin_array();
    for (size_t k = 0; k < r.keys->size(); k++) {
      const cc::ValueType* t = k < v.desc.key_types.size() ? &v.desc.key_types[k] : nullptr;
      json_datum(w, Datum{t, (*r.keys)[k]}, o.text);
    }
    w.end_array();
    entry_value(w, v, *r.values[0]);
    w.end_object();
  }
  w.end_array().end_object();
  v.printed = true;
  return w.take();
}

}  // namespace dtrace::consume
