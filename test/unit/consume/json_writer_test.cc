#include "consume/json_writer.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

namespace dtrace::consume {
namespace {

TEST(JsonWriter, CommasAndNesting) {
  JsonWriter w;
  w.begin_object()
      .member("a", int64_t{1})
      .key("b")
      .begin_array()
      .number(2)
      .string("x")
      .begin_object()
      .end_object();
  w.end_array().key("c").boolean(false).key("d").null().end_object();
  EXPECT_EQ(w.text(), R"({"a":1,"b":[2,"x",{}],"c":false,"d":null})");
}

TEST(JsonWriter, EscapesQuotesBackslashAndControlBytes) {
  JsonWriter w;
  w.string(std::string_view("q\"b\\n\n\t\r\b\f\x01\x1f\x7f", 13));
  EXPECT_EQ(w.text(), R"("q\"b\\n\n\t\r\b\f\u0001\u001f\u007f")");
  JsonWriter z;
  z.string(std::string_view("a\0b", 3));
  EXPECT_EQ(z.text(), R"("a\u0000b")");
}

TEST(JsonWriter, ValidUtf8PassesThrough) {
  JsonWriter w;
  w.begin_object().member("s", "h\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80").end_object();
  EXPECT_EQ(w.text(), "{\"s\":\"h\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"}");
}

TEST(JsonWriter, InvalidUtf8IsReplacedAndFlagged) {
  // A stray continuation byte, a truncated sequence, an overlong '/', a
  // surrogate and a byte never in UTF-8.
  const char* bad[] = {"a\x80z", "a\xc3", "\xc0\xaf", "\xed\xa0\x80", "\xff"};
  for (const char* s : bad) {
    JsonWriter w;
    w.begin_object().member("s", s).end_object();
    EXPECT_NE(w.text().find("\xef\xbf\xbd"), std::string::npos) << s;
    EXPECT_NE(w.text().find(R"("s-invalid-utf8":true)"), std::string::npos) << w.text();
  }
  JsonWriter ok;
  ok.begin_object().member("s", "fine").end_object();
  EXPECT_EQ(ok.text(), R"({"s":"fine"})");
}

TEST(JsonWriter, NumbersBeyondTwoToThe53AreStrings) {
  JsonWriter w;
  w.begin_array().unsigned_number(kJsonExactMax).unsigned_number(kJsonExactMax + 1);
  w.unsigned_number(std::numeric_limits<uint64_t>::max()).number(-static_cast<int64_t>(kJsonExactMax));
  w.number(std::numeric_limits<int64_t>::min()).number(-1).end_array();
  EXPECT_EQ(w.text(), R"([9007199254740992,"9007199254740993","18446744073709551615",-9007199254740992,)"
                      R"("-9223372036854775808",-1])");
}

TEST(JsonWriter, BytesAndRaw) {
  JsonWriter w;
  const uint8_t b[] = {0, 127, 255};
  w.begin_object().key("b").bytes(b).key("r").raw(R"({"x":1})").end_object();
  EXPECT_EQ(w.text(), R"({"b":[0,127,255],"r":{"x":1}})");
}

}  // namespace
}  // namespace dtrace::consume
