// The program container (uapi prog.h): encode a compiled cc::Program into
// the blob DTRACEIOC_ENABLE takes, and decode/check a blob the way the
// module does (used by tests to prove the encoding round-trips).
//
// Conventions beyond prog.h:
//  - STRTAB starts with "" (offset 0), then the probe description fields
//    and format strings (deduplicated), then each DIFO's own string table
//    as one contiguous region (dtpd_strtab/dtpd_strlen; empty -> 0/0).
//  - One PROBES entry per clause, in clause order (dtpc_probe = index).
//  - dtpc_uarg = cookie (prog_id, clause index);
//    dtpa_uarg = cookie (prog_id, action index) (prog.h
//    dtrace_prog_cookie_encode).
//  - Tables follow the header in enum order, each 8-aligned; empty ones
//    have offset 0 (doc/program.md section 1).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cc/program.h"
#include "util/result.h"

namespace dtrace::prog {

// `skip` (indexed by clause, may be shorter) leaves clauses out; the
// others keep their uarg. `flags` are header flags (DTRACE_PROGF_ZDEFS
// for -Z: clauses matching no probe yet wait for their probes).
std::vector<uint8_t> encode(const cc::Program& prog, const std::vector<dtrace_prog_option>& options,
                            uint32_t prog_id, const std::vector<bool>& skip = {}, uint32_t flags = 0);

// A decoded container: the raw tables, each checked against the blob.
struct Decoded {
  dtrace_prog_hdr hdr{};
  std::string strtab;
  std::vector<dtrace_prog_probe> probes;
  std::vector<dtrace_prog_difo> difos;
  std::vector<dif_instr_t> code;
  std::vector<uint64_t> ints;
  std::vector<dtrace_difv> vars;
  std::vector<dtrace_prog_action> actions;
  std::vector<dtrace_prog_clause> clauses;
  std::vector<dtrace_prog_option> options;

  std::string str(uint32_t off) const;  // "" when out of range
  cc::Difo difo(size_t i) const;        // reassembled DIF object
};

// Checks every offset, count and index as the module must, then returns
// the tables. Errors carry a description of the first problem.
Result<Decoded> decode(const std::vector<uint8_t>& blob);

}  // namespace dtrace::prog
