// What a firing's records do to the session beyond printing: system(),
// freopen(), ftruncate(), setopt(), exit() and the aggregation actions
// (clear() and the like). The record walker calls these; no output does.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "consume/firing.h"

namespace dtrace::consume {

class SessionActions {
 public:
  SessionActions(PrintState& st, FILE* out) : st_(st), out_(out) {}

  // The command runs through /bin/sh once what was printed before it is
  // out; its standard output is the session's output.
  void system(const std::string& command);
  // What follows goes to the end of path (created if need be); "" returns
  // to the session's first output. What went wrong, or "".
  std::string freopen(const std::string& path);
  // The output file is emptied and written from its start.
  void ftruncate();
  // "" when set (or there is no session to set it in), else why not in
  // DTrace's words.
  std::string setopt(const std::string& option, const std::string& value);
  void exit(int32_t status) { st_.exit_status = status; }
  // clear/trunc/normalize/denormalize (DTRACE_LIBACT_*).
  void libact(uint64_t libact, const std::string& agg, bool has_n, int64_t n);

 private:
  PrintState& st_;
  FILE* out_;
};

}  // namespace dtrace::consume
