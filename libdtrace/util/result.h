// Result<T>: a value or an error, returned across every layer instead of
// exceptions or longjmp (C++20 has no std::expected).
#pragma once

#include <string>
#include <utility>
#include <variant>

#include "util/errtag.h"

namespace dtrace {

// What went wrong, as dtrace(1) will print it. `tag` is a D_* compiler
// tag (printed, errtag_name(), only with -xerrtags), an EDT_* refusal or
// kNone. `line` and `column` (1-based, in characters of the line the
// lexer read) are 0 when the error has no source position; dtrace(1)
// prints only the line.
struct Error {
  std::string message;
  ErrTag tag = ErrTag::kNone;
  int line = 0;
  int column = 0;
};

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : v_(std::move(error)) {}  // NOLINT
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  const T& value() const& { return std::get<0>(v_); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  const T& operator*() const& { return value(); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

struct Ok {};
using Status = Result<Ok>;

inline Error make_error(std::string message, ErrTag tag = ErrTag::kNone, int line = 0, int column = 0) {
  return Error{std::move(message), tag, line, column};
}

}  // namespace dtrace
