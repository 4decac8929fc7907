// A DIF object's tables as kernel/core reads them (struct dtrace_difo),
// borrowed from any holder of code, ints, strtab, vars and rtype: the
// compiler's cc::Difo (verify.cc) and the one test/kcore writes by hand.
// Header-only, so that test/kcore, which links only libdtkcore, can use it.
#pragma once

#include <cstdint>

extern "C" {
#include "core/difo.h"
}

namespace dtrace::dif {

// Points into d: valid while d lives and its tables are not changed.
template <class D>
dtrace_difo core_difo(const D& d) {
  dtrace_difo k{};
  k.code = d.code.data();
  k.ncode = static_cast<uint32_t>(d.code.size());
  k.ints = d.ints.data();
  k.nints = static_cast<uint32_t>(d.ints.size());
  k.strtab = d.strtab.data();
  k.strlen = static_cast<uint32_t>(d.strtab.size());
  k.vars = d.vars.data();
  k.nvars = static_cast<uint32_t>(d.vars.size());
  k.rtype = d.rtype;
  return k;
}

}  // namespace dtrace::dif
