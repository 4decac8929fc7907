#include "cc/diag.h"

namespace dtrace::cc {
void Diagnostics::error(Loc loc, ErrTag tag, std::string message) {
  // Messages are single logical errors; DTrace's trailing newline is not ours.
  while (!message.empty() && message.back() == '\n') message.pop_back();
  errors_.push_back(Error{std::move(message), tag, loc.line, loc.column});
}

std::string unknown_name(std::string_view name, std::string_view kind) {
  return cat("failed to resolve ", name, ": Unknown ", kind, " name");
}

std::string proto_mismatch(std::string_view what, std::string_view detail) {
  return cat(what, " prototype mismatch: ", detail);
}

namespace {
// DTrace says "1 key passed" of array keys and "1 arg passed" of arguments.
std::string proto_len_text(std::string_view what, size_t passed, std::string_view noun,
                           std::string_view expected) {
  return proto_mismatch(what,
                        cat(passed, " ", noun, passed == 1 ? "" : "s", " passed, ", expected, " expected"));
}
}  // namespace

std::string proto_len(std::string_view what, size_t passed, size_t expected) {
  return proto_len_text(what, passed, "key", std::to_string(expected));
}

std::string arity_mismatch(std::string_view what, size_t passed, int min, int max) {
  std::string expected = min == max                          ? std::to_string(min)
                         : passed < static_cast<size_t>(min) ? cat("at least ", min)
                                                             : cat("at most ", max);
  return proto_len_text(what, passed, "arg", expected);
}

std::string libact_arity(std::string_view func, size_t passed, int min, int max) {
  std::string expected = min == max                          ? std::to_string(min)
                         : passed < static_cast<size_t>(min) ? cat("at least ", min)
                                                             : cat("no more than ", max);
  return proto_mismatch(cat(func, "( )"), cat(passed, " args passed, ", expected, " expected"));
}

std::string proto_arg(std::string_view what, size_t n, std::string_view proto, std::string_view arg) {
  return cat(what, " argument #", n, " is incompatible with prototype:\n\tprototype: ", proto,
             "\n\t argument: ", arg);
}

std::string proto_key(std::string_view what, size_t n, std::string_view proto, std::string_view key) {
  return cat(what, " key #", n, " is incompatible with prototype:\n\tprototype: ", proto,
             "\n\t      key: ", key);
}

}  // namespace dtrace::cc
