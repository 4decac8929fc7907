// The cost tests' clause (cost_test.cc, firing_test.cc): trace(<k string
// compares, then nops NOPs>) at strsize 64 KiB, what the cost check must
// find for it, and the one that costs exactly a given number of units.
#pragma once

#include <cstdint>
#include <string>

#include "harness.h"

extern "C" {
#include "dtrace/limits.h"
}

namespace kcore {

constexpr uint64_t kStrsize = 65536;

struct CompareClause {
  uint32_t k, nops;
  Difo difo() const {
    Difo d;
    d.strtab = std::string("abc") + '\0';
    d.code = {sets(0, 1), sets(0, 2)};
    for (uint32_t i = 0; i < k; i++) d.code.push_back(op3(DIF_OP_SCMP, 1, 2, 0));
    for (uint32_t i = 0; i < nops; i++) d.code.push_back(DIF_INSTR_NOP);
    d.code.push_back(ret(1));
    return d;
  }
  static uint64_t cost(uint32_t k, uint32_t nops) {
    uint64_t ecb = DTRACE_COST_ACTION, act = DTRACE_COST_ACTION + 8;
    return ecb + act + DTRACE_COST_INSTR * (3ull + k + nops) + k * 2 * kStrsize;
  }
  // The most compares, then NOPs up to `units` (exactly, when a NOP's
  // cost divides what the compares leave; the caller checks).
  static CompareClause costing(uint64_t units) {
    uint64_t per = DTRACE_COST_INSTR + 2 * kStrsize;
    uint32_t k = static_cast<uint32_t>((units - cost(0, 0)) / per);
    uint64_t left = units - cost(k, 0);
    return {k, static_cast<uint32_t>(left / DTRACE_COST_INSTR)};
  }
};

}  // namespace kcore
