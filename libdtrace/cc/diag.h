// Diagnostics: the errors of one compile, each with its D_* tag and Loc.
// Passes report here and return; the driver stops after the first pass
// that reported anything. Nothing here throws or jumps.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cc/loc.h"
#include "util/result.h"

namespace dtrace::cc {

// The tags are dtrace::ErrTag (util/errtag.h), the public Error's.
using dtrace::ErrTag;

// Concatenates anything streamable: cat("@", name, ": redefined").
template <typename... Args>
std::string cat(Args&&... args) {
  std::ostringstream os;
  (os << ... << std::forward<Args>(args));
  return os.str();
}

// Messages several passes report, worded once.
// "failed to resolve NAME: Unknown KIND name" (KIND: variable, function...).
std::string unknown_name(std::string_view name, std::string_view kind);
// "WHAT prototype mismatch: DETAIL", the head of every arity message.
std::string proto_mismatch(std::string_view what, std::string_view detail);
// D_PROTO_LEN: "WHAT prototype mismatch: N key(s) passed, EXPECTED
// expected", WHAT as "a[ ]" or "@a[ ]".
std::string proto_len(std::string_view what, size_t passed, size_t expected);
// The same for a function "f( )" taking min..max arguments (max < 0: no
// limit): "N arg(s) passed, at least/at most M expected".
std::string arity_mismatch(std::string_view what, size_t passed, int min, int max);
// DTrace's words for the aggregation actions (clear, normalize, trunc,
// printa, stack...): always "args", and "no more than M".
std::string libact_arity(std::string_view func, size_t passed, int min, int max);
// D_PROTO_ARG and kin: "WHAT argument #N is incompatible with prototype:"
// then the prototype's and the argument's types on lines of their own.
std::string proto_arg(std::string_view what, size_t n, std::string_view proto, std::string_view arg);
// The same for a key of an associative array, aggregation or inline
// array: "WHAT key #N ...", the key's type after "key:".
std::string proto_key(std::string_view what, size_t n, std::string_view proto, std::string_view key);

class Diagnostics {
 public:
  void error(Loc loc, ErrTag tag, std::string message);
  // An error with no tag and no position ("Insufficient registers ...").
  void fatal(std::string message) { error(Loc{}, ErrTag::kNone, std::move(message)); }

  bool has_error() const { return !errors_.empty(); }
  size_t count() const { return errors_.size(); }
  const Error& first() const { return errors_.front(); }
  const std::vector<Error>& all() const { return errors_; }
  // Forgets the errors after the first n (a pass that tries again).
  void truncate(size_t n) {
    if (n < errors_.size()) errors_.resize(n);
  }

 private:
  std::vector<Error> errors_;
};

}  // namespace dtrace::cc
