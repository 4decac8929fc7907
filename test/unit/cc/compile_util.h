// Helpers for compiler tests: compile a D string and check the outcome.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cc/compiler.h"
#include "dif/verify.h"

namespace dtrace::cc::testing {

inline Result<Program> compile(const std::string& src, CompileOptions opts = {}) {
  Compiler c(std::move(opts));
  return c.compile(src);
}

// Compiles, expects success, and checks every DIFO with the verifier.
inline Program compile_ok(const std::string& src, CompileOptions opts = {}) {
  auto r = compile(src, std::move(opts));
  EXPECT_TRUE(r.ok()) << src << "\n => [" << (r.ok() ? "" : errtag_name(r.error().tag)) << "] line "
                      << (r.ok() ? 0 : r.error().line) << ": " << (r.ok() ? "" : r.error().message);
  if (!r.ok()) return {};
  for (size_t i = 0; i < r->difos.size(); i++) {
    dif::Verdict v = dif::verify(r->difos[i], true);
    EXPECT_TRUE(v.ok()) << "DIFO " << i << " at " << v.pc << ": " << dif::verdict_message(v.reason);
  }
  return std::move(r.value());
}

// Expects a compile error with this tag and line whose message contains `text`.
inline void expect_error(const std::string& src, const std::string& tag, int line,
                         const std::string& text = "", CompileOptions opts = {}) {
  auto r = compile(src, std::move(opts));
  ASSERT_FALSE(r.ok()) << "compiled: " << src;
  EXPECT_EQ(r.error().tag, errtag_named(tag))
      << src << "\n => [" << errtag_name(r.error().tag) << "] " << r.error().message;
  EXPECT_EQ(r.error().line, line) << src << "\n => " << r.error().message;
  if (!text.empty()) {
    EXPECT_NE(r.error().message.find(text), std::string::npos) << r.error().message;
  }
}

// One row of a table of expected compile errors (see expect_error). The
// line comes last, as it is 1 in most rows and only a trailing member can
// have a default; a row needing another line and no text gives "".
struct ErrorCase {
  std::string src;
  std::string tag;
  std::string text = "";
  int line = 1;
};

// Checks every row, naming the failing row's number (from 0).
inline void expect_errors(const std::vector<ErrorCase>& cases, const CompileOptions& opts = {}) {
  int row = 0;
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE("row " + std::to_string(row++));
    expect_error(c.src, c.tag, c.line, c.text, opts);
  }
}

}  // namespace dtrace::cc::testing
