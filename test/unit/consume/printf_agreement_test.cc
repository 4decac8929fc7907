// One table of printf()/printa() formats run through both halves: the
// compiler's format check and the consumer's formatting. Whatever
// compiles must print, as DTrace prints it; before format_spec.cc the
// two read formats differently and the rows marked "was:" failed at run
// time after compiling.
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <gtest/gtest.h>

#include "consume/agg_data.h"
#include "consume/agg_print.h"
#include "consume/record_format.h"
#include "test/unit/cc/compile_util.h"

extern "C" {
#include "dtrace/buf.h"
}

namespace dtrace::consume {
namespace {

using Kind = cc::ValueType::Kind;

// A value as D source and as the record the probe would have made.
struct Arg {
  std::string d;
  cc::ValueType type;
  std::vector<uint8_t> bytes;
};

Arg num(int64_t v, uint32_t size = 4, Kind k = Kind::Signed, std::string ctype = "int") {
  Arg a{std::to_string(v), {k, size, ctype}, std::vector<uint8_t>(size)};
  std::memcpy(a.bytes.data(), &v, size);
  return a;
}

Arg cast(const std::string& ctype, int64_t v, uint32_t size, Kind k) {
  Arg a = num(v, size, k, ctype);
  a.d = "(" + ctype + ")" + a.d;
  return a;
}

Arg str(const std::string& s) {
  Arg a{"\"" + s + "\"", {Kind::String, 32, "string"}, std::vector<uint8_t>(32)};
  std::memcpy(a.bytes.data(), s.data(), s.size());
  return a;
}

// The format as a D string literal.
std::string d_quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (c == '"' || c == '\\') out += std::string("\\") + c;
    else out += c;
  }
  return out + "\"";
}

struct Row {
  std::string fmt;
  std::vector<Arg> args;  // printf: the arguments; printa: the keys
  bool compiles;
  std::string out;  // what prints (printa: after the value 7)
};

void set_utc() {
  setenv("TZ", "UTC", 1);
  tzset();
}

const Row kPrintf[] = {
    {"%d|%5d|%-5d|%05d|", {num(1), num(2), num(3), num(4)}, true, "1|    2|3    |00004|"},
    {"%8-d|%5-s|", {num(7), str("ab")}, true, "7       |ab   |"},  // was: unsupported %-
    {"%?p|%-?x|",
     {num(0x1234), num(255)},
     true,
     "            1234|ff              |"},                            // was: unsupported %?
    {"%C|%C|%c|", {num('a'), num('\n'), num('b')}, true, "a|\\n|b|"},  // was: unsupported %C
    {"%wc|%lc|", {num('A'), num('B')}, true, "A|B|"},                  // was: unsupported %w
    {"%T|",
     {cast("int64_t", 86400LL * 1000000000, 8, Kind::Signed)},
     true,
     "Fri, 02 Jan 1970 00:00:00 UTC|"},  // was: unsupported %T
    {"%Y|", {cast("int64_t", 86400LL * 1000000000, 8, Kind::Signed)}, true, "1970 Jan  2 00:00:00|"},
    // %T's year is ISO 8601's week-based one, as DTrace prints it.
    {"%T|",
     {cast("int64_t", 1735603200LL * 1000000000, 8, Kind::Signed)},
     true,
     "Tue, 31 Dec 2025 00:00:00 UTC|"},
    {"%P|%5P|",
     {cast("uint16_t", 80, 2, Kind::Unsigned), cast("uint16_t", 22, 2, Kind::Unsigned)},
     true,
     "80|   22|"},                                  // was: unsupported %P
    {"%I|", {str("10.0.0.1")}, true, "10.0.0.1|"},  // was: unsupported %I
    {"%hhd|%hx|%hhu|", {num(257), num(0x12345), num(-1)}, true, "1|2345|255|"},
    {"%*d|%-*d|%.*s|", {num(4), num(1), num(4), num(2), num(2), str("abc")}, true, "   1|2   |ab|"},
    {"%s|%S|%%|", {str("a\tb"), str("a\tb")}, true, "a\tb|a\\tb|%|"},
    {"%x|%X|%o|%u|", {num(255), num(255), num(8), num(-1)}, true, "ff|FF|10|4294967295|"},
    // As DTrace: a precision of 0 is none, %p has no 0x, %d of a char or
    // short is unsigned.
    {"%.0s|%.*s|%p|%#p|", {str("abc"), num(0), str("abc"), num(0x1f), num(0x1f)}, true, "abc|abc|1f|0x1f|"},
    {"%d|%d|%d|",
     {cast("char", -2, 1, Kind::Signed), cast("short", -2, 2, Kind::Signed), num(-2)},
     true,
     "254|65534|-2|"},
    {"%5%", {}, false, ""},
    {"%jd", {num(1)}, false, ""},  // was: printed by the consumer, unknown to DTrace
    {"%F", {num(1)}, false, ""},
    {"%1$d", {num(1)}, false, ""},
    {"%d %", {num(1)}, false, ""},
};

TEST(PrintfAgreement, WhatCompilesPrints) {
  set_utc();
  for (const Row& r : kPrintf) {
    std::string src = "BEGIN { printf(" + d_quote(r.fmt);
    for (const Arg& a : r.args) src += ", " + a.d;
    src += "); }";
    auto prog = cc::testing::compile(src);
    EXPECT_EQ(prog.ok(), r.compiles) << src << (prog.ok() ? "" : " => " + prog.error().message);
    if (!r.compiles) continue;
    std::vector<Datum> data;
    for (const Arg& a : r.args) data.push_back(Datum{&a.type, a.bytes});
    auto out = format_printf(r.fmt, data);
    if (!out.ok()) {
      ADD_FAILURE() << r.fmt << " compiles but does not print: " << out.error().message;
      continue;
    }
    EXPECT_EQ(*out, r.out) << r.fmt;
  }
}

const Row kPrinta[] = {
    {"%s %@d|", {str("x")}, true, "x 7|"},
    {"%@5d|%s|", {str("x")}, true, "    7|x|"},
    {"%*s %@d|", {num(4), str("x")}, true, "   x 7|"},  // was: missing argument for %s
    {"%wc %@d|", {num('A')}, true, "A 7|"},             // was: unsupported %w
    {"%3-s|%@-3d|", {str("x")}, true, "x  |7  |"},      // was: unsupported %-
    {"%?@x|", {}, true, "               7|"},           // was: unsupported %?
    {"%@s", {}, false, ""},
    {"%@%", {}, false, ""},
};

TEST(PrintaAgreement, WhatCompilesPrints) {
  for (const Row& r : kPrinta) {
    std::string keys;
    for (const Arg& a : r.args) keys += (keys.empty() ? "" : ", ") + a.d;
    std::string src = "BEGIN { @a" + (keys.empty() ? "" : "[" + keys + "]") + " = sum(7); printa(" +
                      d_quote(r.fmt) + ", @a); }";
    auto prog = cc::testing::compile(src);
    EXPECT_EQ(prog.ok(), r.compiles) << src << (prog.ok() ? "" : " => " + prog.error().message);
    if (!r.compiles) continue;
    AggTable t;
    AggVarDesc d;
    d.name = "a";
    d.func = DTRACEACT_AGG_SUM;
    std::vector<std::vector<uint8_t>> key;
    for (const Arg& a : r.args) {
      d.key_types.push_back(a.type);
      d.key_kinds.push_back(DTRACEACT_AGGKEY);
      key.push_back(a.bytes);
    }
    AggVar& v = t.declare(d);
    int64_t seven[] = {7};
    t.fold(v, key, seven);
    AggVar* vars[] = {&v};
    auto out = printa_formatted(r.fmt, vars, {});
    if (!out.ok()) {
      ADD_FAILURE() << r.fmt << " compiles but does not print: " << out.error().message;
      continue;
    }
    EXPECT_EQ(*out, r.out) << r.fmt;
  }
}

}  // namespace
}  // namespace dtrace::consume
