#include "consume/json_values.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "consume/json_aggs.h"
#include "test/unit/consume/bucket_range.h"
#include "test/unit/consume/sample_types.h"

extern "C" {
#include "dtrace/buf.h"
#include "dtrace/prog.h"
}

namespace dtrace::consume {
namespace {

using cc::Type;
using testing::range;

TEST(JsonValues, StructAsObjectOfItsMembers) {
  cc::TypeTable tt;
  Type* color = testing::color_enum(tt);
  Type::Member bits{"f", tt.integer(4, true), 24, 4, 3};  // bits 4..6 of byte 24, signed
  Type* outer = testing::outer_struct(tt, 32, {"c", color, 4}, {bits});
  std::vector<uint8_t> b(32, 0);
  b[0] = 0xfe, b[1] = b[2] = b[3] = 0xff;  // n = -2
  b[4] = 1;                                // GREEN
  std::memcpy(&b[8], "ab", 3);
  b[12] = 7;
  b[16] = 0x10;
  b[24] = 0x70;  // f = 0b111 = -1
  JsonWriter w;
  json_typed(w, *outer, b);
  EXPECT_EQ(w.text(), R"({"n":-2,"c":"GREEN","name":"ab","v":[7,0],"p":16,"f":-1})");
}

TEST(JsonValues, FloatsAreNumbersThatReadBackExactly) {
  cc::TypeTable tt;
  std::vector<uint8_t> b(8);
  double v = 0.1;
  std::memcpy(b.data(), &v, sizeof v);
  JsonWriter w;
  w.begin_array();
  json_typed(w, *tt.lookup("double"), b);
  v = 1.0 / 0.0;
  std::memcpy(b.data(), &v, sizeof v);
  json_typed(w, *tt.lookup("double"), b);  // JSON has no infinity
  w.end_array();
  EXPECT_EQ(w.text(), "[0.10000000000000001,null]");
}

TEST(JsonValues, ShortRecordIsNull) {
  cc::TypeTable tt;
  std::vector<uint8_t> b(2, 0);
  JsonWriter w;
  json_typed(w, *tt.int_type(), b);
  EXPECT_EQ(w.text(), "null");
}

TEST(JsonValues, DatumBySignAndSize) {
  cc::ValueType u{cc::ValueType::Kind::Unsigned, 8, "uint64_t"}, s{cc::ValueType::Kind::Signed, 4, "int"};
  uint64_t all = ~0ull;
  int32_t m5 = -5;
  JsonWriter w;
  w.begin_array();
  json_datum(w, Datum{&u, {reinterpret_cast<const uint8_t*>(&all), 8}}, {});
  json_datum(w, Datum{&s, {reinterpret_cast<const uint8_t*>(&m5), 4}}, {});
  w.end_array();
  EXPECT_EQ(w.text(), R"(["18446744073709551615",-5])");
}

TEST(JsonAggs, QuantizeBucketsAreInclusiveRanges) {
  std::vector<int64_t> w(DTRACE_QUANTIZE_NBUCKETS, 0);
  w[DTRACE_QUANTIZE_ZEROBUCKET] = 1;      // 0
  w[DTRACE_QUANTIZE_ZEROBUCKET + 3] = 2;  // 4..7
  w[DTRACE_QUANTIZE_ZEROBUCKET - 2] = 3;  // -3..-2
  auto b = histogram_buckets(DTRACEACT_AGG_QUANTIZE, 0, w);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(range(b[0]), "-3..-2");
  EXPECT_EQ(b[0].count, 3);
  EXPECT_EQ(range(b[1]), "0..0");
  EXPECT_EQ(range(b[2]), "4..7");
}

TEST(JsonAggs, LquantizeUnderAndOverflowAreOpen) {
  // base 0, step 2, 5 levels: words = arg, <0, [0,1] .. [8,9], >=10
  uint64_t arg = (uint64_t{5} << 16) | 2;  // prog.h: base << 32 | levels << 16 | step
  std::vector<int64_t> w(1 + 5 + 2, 0);
  w[1] = 4;  // underflow
  w[3] = 1;  // [2,3]
  w[7] = 6;  // overflow
  auto b = histogram_buckets(DTRACEACT_AGG_LQUANTIZE, arg, w);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(range(b[0]), "..-1");
  EXPECT_EQ(range(b[1]), "2..3");
  EXPECT_EQ(range(b[2]), "10..");
}

}  // namespace
}  // namespace dtrace::consume
