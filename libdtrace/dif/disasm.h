// The DIF disassembler behind `dtrace -S`: a deterministic listing of a
// compiled program, statement by statement: its probe descriptions, the
// predicate and every action with its DIF object (instructions with
// index, encoding, mnemonic, operands; variables by name, strings and
// integers by value; no addresses), and each DIFO's variable table.
#pragma once

#include <string>

#include "cc/program.h"

namespace dtrace::dif {

std::string disassemble(const cc::Program& prog);
// One DIFO alone (used by disassemble and by tests).
std::string disassemble_difo(const cc::Difo& difo);
// "add %r1, %r2, %r3" for one instruction (no tables: indexes only).
std::string instr_text(const cc::Difo& difo, dif_instr_t in);

}  // namespace dtrace::dif
