// A DIF object as the translator reads it: views of its tables, so both
// the compiler's cc::Difo and the decoded container the in-process core
// validated (kernel/core's struct dtrace_difo) can be handed over without
// a copy. The DIFO must have passed the module's validator.
#pragma once

#include <span>
#include <string_view>

extern "C" {
#include "dtrace/dif.h"
}

namespace dtrace::bpf {

struct DifoView {
  std::span<const dif_instr_t> code;
  std::span<const uint64_t> ints;
  std::span<const dtrace_difv> vars;
  std::string_view strtab;
  dtrace_diftype rtype{};
};

}  // namespace dtrace::bpf
