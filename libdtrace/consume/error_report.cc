#include "consume/error_report.h"

#include <cstring>

#include "consume/probe_list.h"

extern "C" {
#include "dtrace/faults.h"
}

namespace dtrace::consume {
namespace {

const char* fault_message(uint64_t code) {
  switch (code) {
#define DTRACEFLT(c, name, msg) \
  case c:                       \
    return msg;
#include "dtrace/faults.def"
#undef DTRACEFLT
    default: return "unknown fault";
  }
}

bool fault_has_address(uint64_t code) {
  return code == DTRACEFLT_BADADDR || code == DTRACEFLT_BADALIGN || code == DTRACEFLT_BADSTACK;
}

// Where a fault happened, as DTrace names it: "predicate" or "action #N",
// N counting the clause's D statements and actions as DTrace does
// (cc::Difo::action_at), else as the module numbers its actions.
std::string fault_place(const FaultingEcb& ecb, uint64_t module_index, uint64_t dif_offset) {
  std::string fallback = module_index == 0 ? "predicate" : "action #" + std::to_string(module_index);
  if (!ecb.program || !ecb.clause) return fallback;
  const cc::Program& prog = *ecb.program;
  const cc::Clause& c = *ecb.clause;
  if (module_index > c.naction) return fallback;
  int32_t difo = module_index == 0 ? c.pred : prog.actions[c.first_action + module_index - 1].difo;
  if (difo < 0 || static_cast<size_t>(difo) >= prog.difos.size()) return fallback;
  uint32_t number = 0;
  bool found = false;
  for (const auto& [at, no] : prog.difos[static_cast<size_t>(difo)].action_at) {
    if (at * sizeof(dif_instr_t) > dif_offset) break;
    number = no;
    found = true;
  }
  if (!found) return fallback;
  return number == 0 ? "predicate" : "action #" + std::to_string(number);
}

}  // namespace

ProbeError decode_error(const FiringView& f) {
  uint64_t arg[5] = {};
  for (size_t i = 0; i < 5 && i < f.ep->recs.size(); i++) {
    auto b = record_bytes(f.data, f.ep->recs[i]);
    if (b && b->size() <= 8) std::memcpy(&arg[i], b->data(), b->size());
  }
  return ProbeError{arg[0], arg[1], arg[2], arg[3], arg[4]};
}

std::string error_message(const ProbeError& e, const FaultingEcb& ecb) {
  std::string detail;
  if (fault_has_address(e.fault)) {
    char buf[32];
    std::snprintf(buf, sizeof buf, " (0x%llx)", static_cast<unsigned long long>(e.addr));
    detail = buf;
  }
  std::string desc = ecb.probe ? probe_full_name(*ecb.probe) : "?";
  return "error on enabled probe ID " + std::to_string(e.epid) + " (ID " + std::to_string(ecb.probe_id) +
         ": " + desc + "): " + fault_message(e.fault) + detail + " in " +
         fault_place(ecb, e.action, e.offset) + " at DIF offset " + std::to_string(e.offset);
}

}  // namespace dtrace::consume
