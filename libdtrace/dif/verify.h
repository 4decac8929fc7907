// The DIF verifier: the kernel's validator itself (libdtkcore), run on
// every DIFO the compiler emits, so that a program ENABLE would refuse
// is refused at compile time (dif_dvr.def names the verdicts).
#pragma once

#include <cstdint>

#include "cc/program.h"

namespace dtrace::dif {

struct Verdict {
  dif_dvr reason = DIF_DVR_OK;
  uint32_t pc = 0;  // offending instruction (or 0)
  bool ok() const { return reason == DIF_DVR_OK; }
};

// `destructive`: whether destructive subroutines are allowed (-w).
Verdict verify(const cc::Difo& difo, bool destructive = false);
const char* verdict_message(dif_dvr reason);

}  // namespace dtrace::dif
