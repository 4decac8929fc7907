// A DIFO that calls one subroutine on constant arguments, for the
// subroutine tests: rd = subr(args...) with each argument a string
// constant (pushed by reference) or an integer (pushed by value).
#pragma once

#include <string>
#include <vector>

#include "harness.h"

namespace kcore {

struct Arg {
  Arg(const char* s) : is_str(true), str(s) {}                      // NOLINT: implicit on purpose
  Arg(const std::string& s) : is_str(true), str(s) {}               // NOLINT
  Arg(int64_t v) : is_str(false), val(static_cast<uint64_t>(v)) {}  // NOLINT
  Arg(uint64_t v) : is_str(false), val(v) {}                        // NOLINT
  Arg(int v) : is_str(false), val(static_cast<uint64_t>(static_cast<int64_t>(v))) {}  // NOLINT
  bool is_str;
  std::string str;
  uint64_t val = 0;
};

inline Difo call_difo(uint16_t subr, const std::vector<Arg>& args, bool str_result) {
  Difo d;
  std::vector<dif_instr_t> push;
  for (size_t i = 0; i < args.size(); i++) {
    uint8_t r = static_cast<uint8_t>(i + 1);
    if (args[i].is_str) {
      d.code.push_back(sets(static_cast<uint16_t>(d.strtab.size()), r));
      d.strtab += args[i].str;
      d.strtab.push_back('\0');
      push.push_back(pushtr_str(r));
    } else {
      d.code.push_back(setx(static_cast<uint16_t>(d.ints.size()), r));
      d.ints.push_back(args[i].val);
      push.push_back(pushtv(r));
    }
  }
  d.code.insert(d.code.end(), push.begin(), push.end());
  d.code.push_back(call(subr, 10));
  d.code.push_back(ret(10));
  d.rtype = str_result ? PB_STRING : PB_INT(8);
  return d;
}

// The string subr(args) records, "<no record>" if none; a fault fails
// the test.
inline std::string subr_str(uint16_t subr, const std::vector<Arg>& args) {
  Eval e = eval(call_difo(subr, args, true));
  EXPECT_FALSE(e.faulted) << "subr " << subr << " fault " << e.fault;
  return e.recorded ? e.str() : "<no record>";
}

// The integer subr(args) returns; a fault fails the test.
inline uint64_t subr_u64(uint16_t subr, const std::vector<Arg>& args) {
  Eval e = eval(call_difo(subr, args, false));
  EXPECT_FALSE(e.faulted) << "subr " << subr << " fault " << e.fault;
  return e.u64();
}

// subr(in) records out, for each {in, out} of cases.
inline void expect_str_of(uint16_t subr, std::initializer_list<std::pair<const char*, const char*>> cases) {
  for (auto [in, out] : cases)
    EXPECT_EQ(subr_str(subr, {in}), out) << "subr " << subr << " of \"" << in << '"';
}

inline int64_t subr_int(uint16_t subr, const std::vector<Arg>& args) {
  return static_cast<int64_t>(subr_u64(subr, args));
}

}  // namespace kcore
