// Drop messages as dtrace(1) prints them on stderr (DTRACE-FACTS §4.6):
// "N drop(s) on CPU c" for the principal and aggregation buffers and one
// line per non-zero STATUS counter, each prefixed with
// "[DTRACEDROP_<KIND>] " under -xdroptags.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

extern "C" {
#include "dtrace/dtrace.h"
}

namespace dtrace::consume {

enum class DropKind { Principal, Aggregation };

// The message for a per-CPU drop count (no "dtrace: ", no newline).
std::string cpu_drop_message(DropKind kind, uint64_t n, uint32_t cpu, bool tags);
// One message per non-zero drop counter of a STATUS answer.
std::vector<std::string> status_drop_messages(const dtrace_status& s, bool tags);

}  // namespace dtrace::consume
