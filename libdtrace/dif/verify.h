// The DIF verifier: the same rules as the kernel's validator
// (uapi dif_dvr.def), run on every DIFO the compiler emits in tests and
// debug builds so a refused program is a compiler bug caught early.
#pragma once

#include <cstdint>

#include "cc/program.h"

namespace dtrace::dif {

struct Verdict {
  dif_dvr reason = DIF_DVR_OK;
  uint32_t pc = 0;                 // offending instruction (or 0)
  bool ok() const { return reason == DIF_DVR_OK; }
};

// `destructive`: whether destructive subroutines are allowed (-w).
Verdict verify(const cc::Difo& difo, bool destructive = false);
const char* verdict_message(dif_dvr reason);

}  // namespace dtrace::dif
