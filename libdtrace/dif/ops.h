// The DIF opcode table (uapi dif_ops.def) as data: mnemonic and form by
// opcode, for the assembler, the verifier and the disassembler.
#pragma once

#include <cstdint>

extern "C" {
#include "dtrace/dif.h"
}

namespace dtrace::dif {

struct OpInfo {
  uint8_t op;
  dif_form form;
  const char* mnemonic;
};

// null for an opcode that is not in the table
const OpInfo* op_info(uint8_t op);

inline bool is_branch(uint8_t op) { return op >= DIF_OP_BA && op <= DIF_OP_BLEU; }

}  // namespace dtrace::dif
