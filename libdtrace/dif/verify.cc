// The kernel's own validator (kernel/core/dif_validate.c, built into
// libdtkcore) run on a compiled DIFO: one set of rules, so the compiler
// cannot accept what ENABLE refuses.
#include "dif/verify.h"

#include "dif/core_difo.h"

namespace dtrace::dif {
namespace {

constexpr const char* kMessages[] = {
#define DIF_DVR(name, msg) msg,
#include "dtrace/dif_dvr.def"
#undef DIF_DVR
};

}  // namespace

const char* verdict_message(dif_dvr reason) { return kMessages[reason]; }

Verdict verify(const cc::Difo& d, bool destructive) {
  dtrace_difo k = core_difo(d);
  dtrace_vres r{DIF_DVR_OK, DTRACE_NONE, DTRACE_NONE};
  if (dtrace_dif_validate(&k, destructive, &r) == 0) return {};
  return {static_cast<dif_dvr>(r.dvr), r.pc == DTRACE_NONE ? 0 : r.pc};
}

}  // namespace dtrace::dif
