// Helpers for compiler tests: compile a D string and check the outcome.
#pragma once

#include <gtest/gtest.h>

#include <string>

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

}  // namespace dtrace::cc::testing
