// Aggregations as JSON (doc/json.md): one object per variable with its
// name, function and one entry per key tuple, in the order the text
// output sorts them: typed keys and the value, or for quantize,
// lquantize and llquantize the non-empty buckets with their ranges.
#pragma once

#include <span>
#include <string>

#include "consume/agg_print.h"

namespace dtrace::consume {

// {"type":"aggregation","aggregation-name":...}; marks `v` printed.
std::string json_aggregation(AggVar& v, const AggSortOptions& o);

// The buckets of a histogram value: [min, max] (a missing side is
// unbounded) and the count, for each non-empty bucket.
struct JsonBucket {
  bool has_min = true, has_max = true;
  int64_t min = 0, max = 0, count = 0;
};
std::vector<JsonBucket> histogram_buckets(uint16_t func, uint64_t arg, std::span<const int64_t> w);

}  // namespace dtrace::consume
