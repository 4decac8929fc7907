// ustack()/jstack() records (kernel/uapi/dtrace/ustack.h): pid, the
// frames the module found by frame pointers and, with -x ustackbytes,
// the user registers and a copy of the top of the stack, which are
// unwound here with each object's call-frame information. Aggregation
// keys are rewritten to their unwound frames before they are folded, so
// that equal call chains meet in one entry whatever else the stack held.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace dtrace::consume {

class UserSymbols;

// The record's call chain, innermost first: unwound by the session's
// unwinder where the record carries a stack copy, else (or without
// `syms`) the frame-pointer frames.
std::vector<uint64_t> ustack_record_frames(UserSymbols* syms, std::span<const uint8_t> rec, uint64_t arg);

// Text of a ustack()/jstack() record, as format_user_stack() prints it.
std::string format_ustack_record(UserSymbols* syms, std::span<const uint8_t> rec, uint64_t arg,
                                 uint32_t indent, bool resolve);

// An aggregation key in place: the frames become the call chain and the
// registers and stack copy are zeroed (a record without stack bytes is
// left as it is).
void canonicalize_ustack_key(UserSymbols* syms, std::span<uint8_t> rec, uint64_t arg);

}  // namespace dtrace::consume
