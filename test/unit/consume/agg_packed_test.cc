// aggpack's packed lines and headers on synthetic values: the cases the
// guest tests do not reach (negative buckets, aggzoom, wide labels).
#include <gtest/gtest.h>

#include "consume/agg_print.h"

extern "C" {
#include "dtrace/buf.h"
}

namespace dtrace::consume {
namespace {

std::vector<int64_t> quantize_words(std::initializer_list<std::pair<int, int64_t>> set) {
  std::vector<int64_t> w(DTRACE_QUANTIZE_NBUCKETS);
  for (auto [bucket, n] : set) w[DTRACE_QUANTIZE_ZEROBUCKET + bucket] = n;
  return w;
}

// GCC 12 inlines std::vector's three-way compare (the map's key order)
// into a memcmp whose length it cannot bound, and warns at -O2 although
// every key here is one byte.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overread"
AggVar quantize_var(std::vector<std::vector<int64_t>> values) {
  AggVar v;
  v.desc.func = DTRACEACT_AGG_QUANTIZE;
  uint8_t key = 0;
  for (auto& w : values) v.entries[{key++}].value = std::move(w);
  return v;
}
#pragma GCC diagnostic pop

TEST(AggPacked, RangeSpansEveryEntryWithAZeroBucketEachSide) {
  AggVar v = quantize_var({quantize_words({{1, 1}}), quantize_words({{4, 2}})});
  PackedRange r = packed_range(v);
  EXPECT_EQ(r.min, DTRACE_QUANTIZE_ZEROBUCKET);      // label 0: bucket 1 less one
  EXPECT_EQ(r.max, DTRACE_QUANTIZE_ZEROBUCKET + 5);  // label 16
}

TEST(AggPacked, NegativeBucketsUseTheirOwnLevels) {
  AggVar v = quantize_var({quantize_words({{1, -4}, {2, 4}})});
  PackedRange r = packed_range(v);
  EXPECT_EQ(packed_value(DTRACEACT_AGG_QUANTIZE, 0, v.entries.begin()->second.value, r, false, false),
            "    0 : vx : 4    | 0\n");
}

TEST(AggPacked, ZoomDrawsTheLargestBucketNearlyFull) {
  AggVar v = quantize_var({quantize_words({{1, 3}, {2, 9}})});
  PackedRange r = packed_range(v);
  const auto& w = v.entries.begin()->second.value;
  EXPECT_EQ(packed_value(DTRACEACT_AGG_QUANTIZE, 0, w, r, false, false), "    0 : xx : 4    | 12\n");
  EXPECT_EQ(packed_value(DTRACEACT_AGG_QUANTIZE, 0, w, r, true, false), "    0 : xX : 4    | 12\n");
}

TEST(AggPacked, LabelsWiderThanFourColumnsWidenTheHeader) {
  PackedRange r{DTRACE_QUANTIZE_ZEROBUCKET - 12, DTRACE_QUANTIZE_ZEROBUCKET + 15};  // -2048 .. 16384
  EXPECT_EQ(packed_header(DTRACEACT_AGG_QUANTIZE, 17, r),
            "\n              key   min ." + std::string(28, '-') + ". max   | count\n");
}

TEST(AggPacked, HistHeaderTitlesKeysOrValues) {
  EXPECT_EQ(hist_header(17).substr(0, 19), "\n              key ");
  EXPECT_EQ(hist_header(0).substr(0, 18), "\n           value ");
}

}  // namespace
}  // namespace dtrace::consume
