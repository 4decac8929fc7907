// The consumer-side actions of a firing, shared by the text layout
// (firing.cc) and JSON (json_records.cc): what they do does not depend
// on how the firing prints.
#pragma once

#include <cstdio>
#include <string>

#include "consume/firing.h"

namespace dtrace::consume {

// trace()'s value and the stack and symbol records: the kinds the text
// layout prints with format_trace() (print() is one more for JSON).
bool is_traced_value(uint16_t kind);
// printf and friends: the head's format applied to its ARG records.
Result<std::string> format_with_args(const FiringView& f, size_t head, const TextOptions& t);
// The aggregation variable named by record i (a printa/libact argument).
std::string agg_name(const FiringView& f, size_t i);
// clear/trunc/normalize/denormalize through the session's hooks.
Status do_libact(const FiringView& f, PrintState& st, size_t head);
void do_system(const std::string& cmd, FILE* out);
// freopen(path); what went wrong ("failed to freopen ..."), or empty.
std::string do_freopen(const std::string& path, PrintState& st, FILE* out);
void do_ftruncate(FILE* out);

}  // namespace dtrace::consume
