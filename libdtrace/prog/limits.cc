#include "prog/limits.h"

#include <algorithm>
#include <string>

namespace dtrace::prog {
namespace {

struct Layout {
  uint64_t size = 0;
  uint64_t align = 1;
};

// One record as kernel/core/action.c dtrace_action_layout() sizes it.
Layout record(const cc::Program& p, const cc::Action& a, uint32_t strsize) {
  uint64_t arg = a.arg;
  switch (a.kind) {
    case DTRACEACT_EXIT: return {4, 4};
    case DTRACEACT_COMMIT: case DTRACEACT_DISCARD: case DTRACEACT_SYM:
    case DTRACEACT_MOD: case DTRACEACT_TRACEMEM_DYNSIZE: return {8, 8};
    case DTRACEACT_USYM: case DTRACEACT_UMOD: case DTRACEACT_UADDR: return {16, 8};
    case DTRACEACT_TRACEMEM: return {arg & 0xffffffffu, 1};
    case DTRACEACT_STACK: return {(arg & 0xffffffffu) * 8, 8};
    case DTRACEACT_USTACK: case DTRACEACT_JSTACK:
      return {8 * (1 + (arg & 0xffffffffu)) + (arg >> 32), 8};
    case DTRACEACT_SPECULATE: case DTRACEACT_RAISE: case DTRACEACT_STOP:
    case DTRACEACT_CHILL: case DTRACEACT_AGGINCR: return {};
    default: break;
  }
  if (DTRACEACT_ISAGG(a.kind) || a.difo < 0 || static_cast<size_t>(a.difo) >= p.difos.size())
    return {};
  const dtrace_diftype& t = p.difos[static_cast<size_t>(a.difo)].rtype;
  if (t.dtdt_kind == DIF_TYPE_STRING) return {strsize, 1};
  if (t.dtdt_flags & DIF_TF_BYREF) return {t.dtdt_size, 1};
  return {t.dtdt_size, std::max<uint64_t>(t.dtdt_size, 1)};
}

uint64_t place(uint64_t off, Layout l) {
  if (l.size == 0) l.align = 1;
  return (off + l.align - 1) / l.align * l.align + l.size;
}

// Value bytes of an aggregating head (kernel/core/action.c dtrace_agg_valsize).
uint64_t agg_value(uint16_t kind, uint64_t arg) {
  switch (kind) {
    case DTRACEACT_AGG_AVG: return 16;
    case DTRACEACT_AGG_STDDEV: return 32;
    case DTRACEACT_AGG_QUANTIZE: return DTRACE_QUANTIZE_NBUCKETS * 8;
    case DTRACEACT_AGG_LQUANTIZE: return 8 + (DTRACE_LQUANTIZE_LEVELS(arg) + 2ull) * 8;
    default: return 8;  // llquantize's buckets are far below the limit
  }
}

Error over(size_t clause, uint64_t n, const char* unit, uint64_t max) {
  return make_error("Enabling exceeds size limit: clause " + std::to_string(clause) + ": " +
                        std::to_string(n) + unit + ", over the limit of " + std::to_string(max),
                    "EDT_ENABLING_ERR");
}

}  // namespace

// In the module's order: the action count (container check), then each
// clause's record, then its aggregations' entries (ECB creation).
Status check_sizes(const cc::Program& p, uint32_t strsize) {
  for (size_t c = 0; c < p.clauses.size(); c++)
    if (p.clauses[c].naction > DTRACE_MAX_CLAUSE_ACTS)
      return over(c, p.clauses[c].naction, " actions", DTRACE_MAX_CLAUSE_ACTS);
  for (size_t c = 0; c < p.clauses.size(); c++) {
    const cc::Clause& cl = p.clauses[c];
    const cc::Action* acts = &p.actions[cl.first_action];
    uint64_t off = 0;
    for (uint32_t i = 0; i < cl.naction; i += 1 + (DTRACEACT_ISAGG(acts[i].kind) ? acts[i].ntuple : 0))
      off = place(off, record(p, acts[i], strsize));  // an aggregation's keys record nothing here
    off = (off + 7) / 8 * 8;
    if (off > DTRACE_MAX_RECSIZE) return over(c, off, " bytes of record data", DTRACE_MAX_RECSIZE);
    for (uint32_t i = 0; i < cl.naction; i++) {
      if (!DTRACEACT_ISAGG(acts[i].kind)) continue;
      uint64_t keys = 0;
      for (uint32_t k = 1; k <= acts[i].ntuple && i + k < cl.naction; k++) {
        cc::Action key = acts[i + k];
        if (key.kind == DTRACEACT_AGGINCR) continue;
        if (key.kind == DTRACEACT_AGGKEY) key.kind = DTRACEACT_DIFEXPR;  // records as trace()
        keys = place(keys, record(p, key, strsize));
      }
      uint64_t entry = (keys + 7) / 8 * 8 + agg_value(acts[i].kind, acts[i].arg);
      if (entry > DTRACE_MAX_AGGENTSIZE)
        return over(c, entry, " bytes of aggregation key and value", DTRACE_MAX_AGGENTSIZE);
    }
  }
  return Ok{};
}

}  // namespace dtrace::prog
