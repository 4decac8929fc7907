// A message of dtrace's own while it traces (an error on an enabled
// probe, a drop, "pid N has exited", a buffer resized, the exit status):
// the text dtrace(1) prints on stderr, or under -x oformat=json an object
// on the output with the same text as its "message" and the facts in it
// as members of their own (doc/json.md).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace dtrace::consume {

struct Notice {
  using Value = std::variant<int64_t, uint64_t, std::string>;

  Notice(std::string t, std::string m) : type(std::move(t)), message(std::move(m)) {}

  std::string type;     // "error", "drop", "notice", "exit"
  std::string message;  // without "dtrace: " and the newline; may be empty
  std::vector<std::pair<std::string, Value>> members;
  bool quiet_hides = false;  // -q silences it in the text layout; JSON keeps it
  bool blank_after = false;  // the text layout adds an empty line (DTrace's text ended in a newline)

  Notice& with(std::string key, Value v) {
    members.emplace_back(std::move(key), std::move(v));
    return *this;
  }
  Notice& hidden_by_quiet() {
    quiet_hides = true;
    return *this;
  }
};

}  // namespace dtrace::consume
