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

std::string fault_tag(uint64_t code) {
  switch (code) {
#define DTRACEFLT(c, name, msg) \
  case c:                       \
    return "DTRACEFLT_" #name;
#include "dtrace/faults.def"
#undef DTRACEFLT
    default: return "DTRACEFLT_UNKNOWN";
  }
}

bool fault_has_address(uint64_t code) {
  return code == DTRACEFLT_BADADDR || code == DTRACEFLT_BADALIGN || code == DTRACEFLT_BADSTACK;
}

// Where a fault happened, as DTrace numbers it: 0 for the predicate,
// else N of "action #N", counting the clause's D statements and actions
// as DTrace does (cc::Difo::action_at), else as the module numbers its
// actions.
uint64_t fault_action(const FaultingEcb& ecb, uint64_t module_index, uint64_t dif_offset) {
  uint64_t fallback = module_index;
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
  return found ? number : fallback;
}

std::string fault_place(const FaultingEcb& ecb, uint64_t module_index, uint64_t dif_offset) {
  uint64_t n = fault_action(ecb, module_index, dif_offset);
  return n == 0 ? "predicate" : "action #" + std::to_string(n);
}

// A fault outside DIF (an action's own, as commit() of a bad id) has
// offset -1, and DTrace's message then names no offset.
std::string at_offset(uint64_t offset) {
  return offset == UINT64_MAX ? "" : " at DIF offset " + std::to_string(offset);
}

std::string field(const char* s, size_t n) { return std::string(s, strnlen(s, n)); }

// The probe's id and names, as a firing's object has them.
Notice& with_probe(Notice& n, uint32_t epid, uint32_t probe_id, const dtrace_probedesc* p) {
  n.with("epid", int64_t{epid}).with("id", int64_t{probe_id});
  if (!p) return n;
  return n.with("provider", field(p->dtpd_provider, sizeof p->dtpd_provider))
      .with("module", field(p->dtpd_mod, sizeof p->dtpd_mod))
      .with("function", field(p->dtpd_func, sizeof p->dtpd_func))
      .with("name", field(p->dtpd_name, sizeof p->dtpd_name));
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
         fault_place(ecb, e.action, e.offset) + at_offset(e.offset);
}

}  // namespace dtrace::consume

namespace dtrace::consume {

Notice error_notice(const ProbeError& e, const FaultingEcb& ecb, uint32_t cpu) {
  Notice n{"error", error_message(e, ecb)};
  n.with("cpu", int64_t{cpu});
  with_probe(n, static_cast<uint32_t>(e.epid), ecb.probe_id, ecb.probe).with("fault", fault_tag(e.fault));
  if (fault_has_address(e.fault)) n.with("address", e.addr);
  return n.with("action", fault_action(ecb, e.action, e.offset))
      .with("offset", static_cast<int64_t>(e.offset));
}

Notice library_error(const FiringView& f, const std::string& what) {
  Notice n{"error", "error on enabled probe ID " + std::to_string(f.ep->epid) + " (ID " +
                        std::to_string(f.probe->dtpd_id) + ": " + probe_full_name(*f.probe) + "): " + what};
  n.with("cpu", int64_t{f.cpu});
  return with_probe(n, f.ep->epid, f.probe->dtpd_id, f.probe).with("fault", fault_tag(DTRACEFLT_LIBRARY));
}

}  // namespace dtrace::consume
