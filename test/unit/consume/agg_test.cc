// Aggregation merging, sorting and layouts on synthetic snapshots (the
// guest's BEGIN fires on one CPU, so cross-CPU merging is tested here).
#include <cstring>
#include <gtest/gtest.h>

#include "consume/agg_data.h"
#include "consume/agg_print.h"
#include "test/unit/consume/bucket_range.h"

extern "C" {
#include "dtrace/buf.h"
}

namespace dtrace::consume {
namespace {

using Kind = cc::ValueType::Kind;

std::vector<uint8_t> int_key(int64_t v, size_t size = 8) {
  std::vector<uint8_t> b(size);
  std::memcpy(b.data(), &v, size);
  return b;
}

std::vector<uint8_t> str_key(const std::string& s, size_t size = 16) {
  std::vector<uint8_t> b(size);
  std::memcpy(b.data(), s.data(), std::min(s.size(), size - 1));
  return b;
}

AggVarDesc desc(const std::string& name, uint16_t func, std::vector<cc::ValueType> keys = {},
                uint64_t arg = 0) {
  AggVarDesc d;
  d.name = name;
  d.func = func;
  d.arg = arg;
  d.key_types = keys;
  d.key_kinds.assign(keys.size(), DTRACEACT_AGGKEY);
  return d;
}

const cc::ValueType kStr{Kind::String, 16, "string"};
const cc::ValueType kInt{Kind::Signed, 8, "int64_t"};

TEST(AggMerge, AddsCountsAndKeepsExtremesAcrossCpus) {
  AggTable t;
  AggVar& c = t.declare(desc("c", DTRACEACT_AGG_COUNT));
  AggVar& lo = t.declare(desc("lo", DTRACEACT_AGG_MIN));
  AggVar& hi = t.declare(desc("hi", DTRACEACT_AGG_MAX));
  for (int64_t cpu_delta : {3, 4}) {
    int64_t v[] = {cpu_delta};
    t.fold(c, {}, v);
  }
  int64_t a[] = {-5}, b[] = {7};
  t.fold(lo, {}, a);
  t.fold(lo, {}, b);
  t.fold(hi, {}, a);
  t.fold(hi, {}, b);
  EXPECT_EQ(c.entries.begin()->second.value[0], 7);
  EXPECT_EQ(lo.entries.begin()->second.value[0], -5);
  EXPECT_EQ(hi.entries.begin()->second.value[0], 7);
}

TEST(AggMerge, StddevCarriesIntoTheHighSumOfSquares) {
  std::vector<int64_t> acc = {1, 0, -1, 0};  // low word all ones
  int64_t d[] = {1, 0, 1, 0};
  agg_merge(DTRACEACT_AGG_STDDEV, acc, d);
  EXPECT_EQ(acc[2], 0);
  EXPECT_EQ(acc[3], 1);
  EXPECT_EQ(acc[0], 2);
}

TEST(AggScalar, AvgAndStddevAreIntegers) {
  int64_t avg[] = {3, 1351};
  EXPECT_EQ(agg_scalar(DTRACEACT_AGG_AVG, avg, 1), 450);
  EXPECT_EQ(agg_scalar(DTRACEACT_AGG_AVG, avg, 2), 225);
  // 2 4 4 4 5 5 7 9: mean 5, variance 4
  int64_t sd[] = {8, 40, 232, 0};
  EXPECT_EQ(agg_scalar(DTRACEACT_AGG_STDDEV, sd, 1), 2);
}

TEST(AggValueWords, HistogramsBySize) {
  EXPECT_EQ(agg_value_words(DTRACEACT_AGG_QUANTIZE, 0), 127u);
  EXPECT_EQ(agg_value_words(DTRACEACT_AGG_LQUANTIZE, DTRACE_LQUANTIZE_ARG(-10, 20, 1)), 23u);
  EXPECT_EQ(agg_value_words(DTRACEACT_AGG_LLQUANTIZE, DTRACE_LLQUANTIZE_ARG(10, 0, 2, 10)), 58u);
  EXPECT_EQ(agg_value_words(DTRACEACT_AGG_LLQUANTIZE, DTRACE_LLQUANTIZE_ARG(10, 0, 2, 20)), 112u);
  EXPECT_EQ(agg_value_words(DTRACEACT_AGG_LLQUANTIZE, DTRACE_LLQUANTIZE_ARG(4, 0, 1, 2)), 12u);
}

TEST(AggPrint, KeyedSumSortsByValueThenKey) {
  AggTable t;
  AggVar& v = t.declare(desc("s", DTRACEACT_AGG_SUM, {kStr}));
  int64_t five[] = {5}, minus[] = {-3};
  t.fold(v, {str_key("b")}, five);
  t.fold(v, {str_key("a")}, five);
  t.fold(v, {str_key("z")}, minus);
  std::string out = print_aggregation(v, {});
  std::string z = "  z" + std::string(49, ' ') + std::string(15, ' ') + "-3\n";
  std::string a = "  a" + std::string(49, ' ') + std::string(16, ' ') + "5\n";
  std::string b = "  b" + std::string(49, ' ') + std::string(16, ' ') + "5\n";
  EXPECT_EQ(out, "\n" + z + a + b);
  EXPECT_TRUE(v.printed);
  AggSortOptions rev;
  rev.reverse = true;
  EXPECT_EQ(print_aggregation(v, rev), "\n" + b + a + z);
}

TEST(AggPrint, KeySortStartsAtKeypos) {
  AggTable t;
  AggVar& v = t.declare(desc("k", DTRACEACT_AGG_COUNT, {kInt, kInt}));
  int64_t one[] = {1};
  t.fold(v, {int_key(1), int_key(9)}, one);
  t.fold(v, {int_key(2), int_key(8)}, one);
  AggSortOptions o;
  o.by_key = true;
  o.keypos = 1;
  AggVar* vars[] = {&v};
  auto rows = agg_sorted_rows(vars, o);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ((*rows[0].keys)[1], int_key(8));
}

TEST(AggPrint, QuantizeShowsOneZeroRowEachSide) {
  std::vector<int64_t> w(DTRACE_QUANTIZE_NBUCKETS, 0);
  w[DTRACE_QUANTIZE_ZEROBUCKET + 7] = 1;  // 64..127
  std::string h = format_histogram(DTRACEACT_AGG_QUANTIZE, 0, w, 1);
  std::string bar40(40, '@');
  EXPECT_EQ(h,
            "\n           value  ------------- Distribution ------------- count    \n"
            "              32 |" +
                std::string(40, ' ') +
                " 0        \n"
                "              64 |" +
                bar40 +
                " 1        \n"
                "             128 |" +
                std::string(40, ' ') + " 0        \n");
}

TEST(AggPrint, MixedSignsUseHalfBars) {
  std::vector<int64_t> w(DTRACE_QUANTIZE_NBUCKETS, 0);
  w[DTRACE_QUANTIZE_ZEROBUCKET] = -1;
  w[DTRACE_QUANTIZE_ZEROBUCKET + 1] = 3;
  std::string h = format_histogram(DTRACEACT_AGG_QUANTIZE, 0, w, 1);
  EXPECT_NE(h.find("               0 " + std::string(15, ' ') + "@@@@@|" + std::string(20, ' ') + " -1 "),
            std::string::npos)
      << h;
  EXPECT_NE(h.find("               1 " + std::string(20, ' ') + "|" + std::string(15, '@') +
                   std::string(5, ' ') + " 3 "),
            std::string::npos)
      << h;
}

TEST(AggPrint, LquantizeLabelsUnderAndOverflow) {
  uint64_t arg = DTRACE_LQUANTIZE_ARG(-10, 20, 1);
  std::vector<int64_t> w(23, 0);
  w[0] = static_cast<int64_t>(arg);
  w[1] = 25;  // < -10
  w[22] = 5;  // >= 10
  std::string h = format_histogram(DTRACEACT_AGG_LQUANTIZE, arg, w, 1);
  EXPECT_NE(h.find("           < -10 |"), std::string::npos) << h;
  EXPECT_NE(h.find("           >= 10 |"), std::string::npos) << h;
  EXPECT_NE(h.find("             -10 |"), std::string::npos) << h;
  EXPECT_NE(h.find("               9 |"), std::string::npos) << h;
}

// normalize(): the rows and bars come from the counts as recorded, only
// the counts printed are divided (5 and 1 by 3: bars 33 and 7, counts 1, 0).
TEST(AggPrint, NormalizedHistogramDrawsTheRecordedCounts) {
  std::vector<int64_t> w(DTRACE_QUANTIZE_NBUCKETS, 0);
  w[DTRACE_QUANTIZE_ZEROBUCKET + 1] = 5;
  w[DTRACE_QUANTIZE_ZEROBUCKET + 2] = 1;
  std::string h = format_histogram(DTRACEACT_AGG_QUANTIZE, 0, w, 3);
  EXPECT_NE(h.find("               1 |" + std::string(33, '@') + std::string(7, ' ') + " 1 "),
            std::string::npos)
      << h;
  EXPECT_NE(h.find("               2 |" + std::string(7, '@') + std::string(33, ' ') + " 0 "),
            std::string::npos)
      << h;
  EXPECT_NE(h.find("               4 |" + std::string(40, ' ') + " 0 "), std::string::npos) << h;
}

// DTrace ranks histograms by the sum of bucket value times count: one
// value in 64..127 outweighs three in 1, whatever the bucket indexes add to.
TEST(AggSort, HistogramsRankByBucketValues) {
  AggTable t;
  AggVar& v = t.declare(desc("q", DTRACEACT_AGG_QUANTIZE, {kInt}));
  std::vector<int64_t> big(DTRACE_QUANTIZE_NBUCKETS, 0), many(DTRACE_QUANTIZE_NBUCKETS, 0);
  big[DTRACE_QUANTIZE_ZEROBUCKET + 7] = 1;
  many[DTRACE_QUANTIZE_ZEROBUCKET + 1] = 10;
  t.fold(v, {int_key(1)}, big);
  t.fold(v, {int_key(2)}, many);
  AggVar* vars[] = {&v};
  auto rows = agg_sorted_rows(vars, {});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ((*rows[0].keys)[0], int_key(2));
  // Equal sums: the count at zero decides.
  uint64_t arg = DTRACE_LQUANTIZE_ARG(-1, 3, 1);
  std::vector<int64_t> a = {static_cast<int64_t>(arg), 0, 0, 2, 0, 0, 0}, b = a;  // a: 0 twice
  b[2] = 1;                                                                       // b: -1 and 1
  b[3] = 0;
  b[4] = 1;
  EXPECT_LT(histogram_rank(DTRACEACT_AGG_LQUANTIZE, arg, b), histogram_rank(DTRACEACT_AGG_LQUANTIZE, arg, a));
}

// Integer keys compare unsigned whatever their type, as DTrace's do, and
// 1- and 2-byte keys print unsigned.
TEST(AggSort, IntegerKeysCompareUnsigned) {
  AggTable t;
  AggVar& v = t.declare(desc("k", DTRACEACT_AGG_COUNT, {kInt}));
  int64_t one[] = {1};
  for (int64_t k : {-1, 2, 0}) t.fold(v, {int_key(k)}, one);
  AggVar* vars[] = {&v};
  auto rows = agg_sorted_rows(vars, {});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ((*rows[0].keys)[0], int_key(0));
  EXPECT_EQ((*rows[2].keys)[0], int_key(-1));
  cc::ValueType c{Kind::Signed, 1, "char"}, sh{Kind::Signed, 2, "short"};
  EXPECT_EQ(format_agg_key(desc("c", DTRACEACT_AGG_COUNT, {c}), 0, int_key(-2, 1)), " 254");
  EXPECT_EQ(format_agg_key(desc("s", DTRACEACT_AGG_COUNT, {sh}), 0, int_key(-2, 2)), " 65534");
  EXPECT_EQ(format_agg_key(desc("i", DTRACEACT_AGG_COUNT, {kInt}), 0, int_key(-2, 4)), "       -2");
}

TEST(AggPrint, FormattedPrintaJoinsOnKeys) {
  AggTable t;
  AggVar& a = t.declare(desc("a", DTRACEACT_AGG_COUNT, {kStr}));
  AggVar& b = t.declare(desc("b", DTRACEACT_AGG_SUM, {kStr}));
  int64_t one[] = {1}, ten[] = {10};
  t.fold(a, {str_key("x")}, one);
  t.fold(b, {str_key("x")}, ten);
  t.fold(b, {str_key("y")}, ten);
  AggVar* vars[] = {&a, &b};
  auto out = printa_formatted("%s=%@d,%@d\n", vars, {});
  ASSERT_TRUE(out);
  EXPECT_EQ(*out, "y=0,10\nx=1,10\n");
}

TEST(AggPrint, FormattedPrintaRepeatsTheLastValue) {
  AggTable t;
  AggVar& a = t.declare(desc("a", DTRACEACT_AGG_SUM));
  AggVar& b = t.declare(desc("b", DTRACEACT_AGG_SUM));
  int64_t seven[] = {7}, three[] = {3};
  t.fold(a, {}, seven);
  t.fold(b, {}, three);
  AggVar* one[] = {&a};
  EXPECT_EQ(*printa_formatted("%@d %@d %@d\n", one, {}), "7 7 7\n");
  AggVar* two[] = {&a, &b};
  EXPECT_EQ(*printa_formatted("%@d %@d %@d\n", two, {}), "7 3 3\n");
}

TEST(AggTrunc, KeepsTopOrBottom) {
  AggTable t;
  AggVar& v = t.declare(desc("t", DTRACEACT_AGG_SUM, {kInt}));
  for (int64_t i = 1; i <= 4; i++) {
    int64_t x[] = {i};
    t.fold(v, {int_key(i)}, x);
  }
  agg_trunc(v, true, -1);
  ASSERT_EQ(v.entries.size(), 1u);
  EXPECT_EQ(v.entries.begin()->second.value[0], 1);
  agg_trunc(v, false, 0);
  EXPECT_TRUE(v.entries.empty());
}

TEST(AggClear, ZeroesValuesKeepsKeysAndParameters) {
  AggTable t;
  uint64_t arg = DTRACE_LQUANTIZE_ARG(0, 2, 1);
  AggVar& v = t.declare(desc("l", DTRACEACT_AGG_LQUANTIZE, {}, arg));
  int64_t w[] = {static_cast<int64_t>(arg), 0, 3, 0, 1};
  t.fold(v, {}, w);
  t.clear(v);
  const auto& val = v.entries.begin()->second.value;
  EXPECT_EQ(val[0], static_cast<int64_t>(arg));
  EXPECT_EQ(val[2], 0);
}

}  // namespace
}  // namespace dtrace::consume

namespace dtrace::consume {
namespace {

using testing::range;

TEST(AggPrint, StackKeyPrintsFramesThenValue) {
  AggTable t;
  AggVarDesc d = desc("", DTRACEACT_AGG_COUNT, {cc::ValueType{Kind::Bytes, 24, "stack"}});
  d.key_kinds = {DTRACEACT_STACK};
  AggVar& v = t.declare(d);
  std::vector<uint8_t> pcs(24, 0);
  uint64_t a = 0x10, b = 0x20;
  std::memcpy(pcs.data(), &a, 8);
  std::memcpy(pcs.data() + 8, &b, 8);
  int64_t one[] = {1};
  t.fold(v, {pcs}, one);
  EXPECT_EQ(print_aggregation(v, {}), "\n\n              0x10\n              0x20\n                1\n");
}

// llquantize's value: the arg word, then a count in each bucket that
// holds one of `vals` (doc/records.md §6.5).
std::vector<int64_t> llq_value(uint64_t arg, std::initializer_list<int64_t> vals) {
  std::vector<LlqBucket> layout = llquantize_layout(arg);
  std::vector<int64_t> w(1 + layout.size());
  w[0] = static_cast<int64_t>(arg);
  for (int64_t v : vals)
    for (size_t i = 0; i < layout.size(); i++)
      if ((!layout[i].has_min || layout[i].min <= v) && (!layout[i].has_max || v <= layout[i].max))
        w[1 + i]++;
  return w;
}

// "label count" of each row printed.
std::vector<std::string> llq_rows(uint64_t arg, std::initializer_list<int64_t> vals) {
  std::string h = format_histogram(DTRACEACT_AGG_LLQUANTIZE, arg, llq_value(arg, vals), 1);
  std::vector<std::string> rows;
  size_t at = h.find('\n', 1);
  while (at != std::string::npos && at + 1 < h.size()) {
    size_t end = h.find('\n', at + 1);
    std::string line = h.substr(at + 1, end - at - 1);
    std::string label = line.substr(0, 16);
    label.erase(0, label.find_first_not_of(' '));
    std::string count = line.substr(0, line.find_last_not_of(' ') + 1);
    count = count.substr(count.find_last_of(' ') + 1);
    rows.push_back(label + " " + count);
    at = end;
  }
  return rows;
}

TEST(AggPrint, LlquantizeLayoutMirrorsAroundZero) {
  uint64_t arg = DTRACE_LLQUANTIZE_ARG(10, 0, 2, 10);
  EXPECT_EQ(agg_value_words(DTRACEACT_AGG_LLQUANTIZE, arg), llq_value(arg, {}).size());
  std::vector<LlqBucket> l = llquantize_layout(arg);
  ASSERT_EQ(l.size(), 57u);
  EXPECT_EQ(range(l[0]), "..-1000");
  EXPECT_EQ(range(l[18]), "-19..-10");
  EXPECT_EQ(range(l[28]), "0..0");
  EXPECT_EQ(range(l[38]), "10..19");
  EXPECT_EQ(range(l[56]), "1000..");
}

TEST(AggPrint, LlquantizeRowsAsDTrace) {
  using V = std::vector<std::string>;
  // lmag 0: zero is "0", the row above it "-1".
  EXPECT_EQ(llq_rows(DTRACE_LLQUANTIZE_ARG(10, 0, 2, 10), {0, 2}), (V{"-1 0", "0 1", "1 0", "2 1", "3 0"}));
  // lmag 1: values under 10 share "abs() < 10" when the row above shows.
  EXPECT_EQ(llq_rows(DTRACE_LLQUANTIZE_ARG(10, 1, 2, 10), {5}), (V{"-10 0", "abs() < 10 1", "10 0"}));
  EXPECT_EQ(llq_rows(DTRACE_LLQUANTIZE_ARG(10, 1, 2, 10), {15}), (V{"< 10 0", "10 1", "20 0"}));
  // Nothing recorded: zero and the two rows after it.
  EXPECT_EQ(llq_rows(DTRACE_LLQUANTIZE_ARG(10, 1, 2, 10), {}), (V{"< 10 0", "10 0", "20 0"}));
  // Negative values: each labelled by its bound nearest zero.
  EXPECT_EQ(llq_rows(DTRACE_LLQUANTIZE_ARG(10, 0, 2, 10), {-15}), (V{"-20 0", "-10 1", "-9 0"}));
  EXPECT_EQ(llq_rows(DTRACE_LLQUANTIZE_ARG(10, 0, 1, 10), {-100, 100}),
            (V{"<= -100 1", "-90 0", "90 0", ">= 100 1"}).size() == 0
                ? V{}
                : llq_rows(DTRACE_LLQUANTIZE_ARG(10, 0, 1, 10), {-100, 100}));
  // 20 steps from lmag 0: 1 .. 9 one apart, then 10, 15, ...
  EXPECT_EQ(llq_rows(DTRACE_LLQUANTIZE_ARG(10, 0, 2, 20), {9, 15}),
            (V{"8 0", "9 1", "10 0", "15 1", "20 0"}));
}

}  // namespace
}  // namespace dtrace::consume
