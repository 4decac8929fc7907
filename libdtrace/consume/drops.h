// Drop messages as dtrace(1) prints them on stderr:
// "N drop(s) on CPU c" for the principal and aggregation buffers and one
// line per non-zero STATUS counter, each prefixed with
// "[DTRACEDROP_<KIND>] " under -xdroptags. Each is a "drop" notice whose
// members say the same: count, kind (the tag), cpu for a buffer's drops.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "consume/notice.h"

extern "C" {
#include "dtrace/dtrace.h"
}

namespace dtrace::consume {

enum class DropKind { Principal, Aggregation };

// A per-CPU drop count.
Notice cpu_drop(DropKind kind, uint64_t n, uint32_t cpu, bool tags);
// One per non-zero drop counter of a STATUS answer.
std::vector<Notice> status_drops(const dtrace_status& s, bool tags);

}  // namespace dtrace::consume
