// ERROR-probe messages as dtrace(1) prints them on stderr: "error on
// enabled probe ID 3 (ID 1: dtrace:::BEGIN): invalid address (0x0) in
// action #1 at DIF offset 12". The consumer enables its own ERROR clause
// (kErrorProgram); the drain hands its firings here instead of printing
// them, with what the session knows about the faulting ECB.
#pragma once

#include <cstdint>
#include <string>

#include "cc/program.h"
#include "consume/firing.h"
#include "consume/notice.h"

namespace dtrace::consume {

// The consumer's ERROR clause: arg1..arg5 are its five records. Enabled
// before any program so it owns the first EPID, as in DTrace.
inline constexpr const char* kErrorProgram =
    "dtrace:::ERROR { trace(arg1); trace(arg2); trace(arg3); trace(arg4); trace(arg5); }";

// What one firing of that clause recorded.
struct ProbeError {
  uint64_t epid = 0;    // the faulting ECB
  uint64_t action = 0;  // the module's number of the action (from 1; 0 = the predicate)
  uint64_t offset = 0;  // DIF byte offset of the faulting instruction
  uint64_t fault = 0;   // DTRACEFLT_*
  uint64_t addr = 0;    // the faulting address or value
};

ProbeError decode_error(const FiringView& f);

// The faulting ECB as far as the session knows it; nulls where it does
// not (the message then says "?" or numbers actions as the module does).
struct FaultingEcb {
  uint32_t probe_id = 0;
  const dtrace_probedesc* probe = nullptr;
  const cc::Program* program = nullptr;
  const cc::Clause* clause = nullptr;  // of `program`
};

// The message, without "dtrace: " and the newline.
std::string error_message(const ProbeError& e, const FaultingEcb& ecb);
// The same as an "error" notice on CPU `cpu`, its facts as members:
// cpu, epid, id, provider, module, function, name, fault (DTRACEFLT_*),
// address (for the faults whose message shows one), action (DTrace's
// number, 0 = the predicate) and offset (DIF offset).
Notice error_notice(const ProbeError& e, const FaultingEcb& ecb, uint32_t cpu);
// A fault of the consumer's own while it processes firing `f` (a
// refused setopt()): "error on enabled probe ID 3 (ID 1: dtrace:::BEGIN):
// what", fault DTRACEFLT_LIBRARY.
Notice library_error(const FiringView& f, const std::string& what);

}  // namespace dtrace::consume
