// The assembler: IR (symbolic labels, per-DIFO tables) -> cc::Difo.
// Branch targets become absolute instruction indexes; everything else is
// already final. It must not reorder or drop instructions.
#include "dif/ir.h"

#include "util/result.h"

namespace dtrace::dif {

bool IrDifo::intern_int(uint64_t v, uint16_t& index) {
  auto it = int_index_.find(v);
  if (it != int_index_.end()) {
    index = it->second;
    return true;
  }
  if (ints_.size() >= DIF_MAX_INTTAB) return false;
  index = static_cast<uint16_t>(ints_.size());
  ints_.push_back(v);
  int_index_[v] = index;
  return true;
}

bool IrDifo::intern_str(std::string_view s, uint16_t& offset) {
  auto it = str_index_.find(s);
  if (it != str_index_.end()) {
    offset = it->second;
    return true;
  }
  if (strtab_.size() + s.size() + 1 > DIF_MAX_STRTAB) return false;
  offset = static_cast<uint16_t>(strtab_.size());
  strtab_.append(s);
  strtab_.push_back('\0');
  str_index_.emplace(std::string(s), offset);
  return true;
}

void IrDifo::use_var(std::string_view name, uint16_t id, uint8_t kind, uint8_t scope, bool write,
                     const dtrace_diftype& type) {
  uint32_t flag = write ? DIFV_F_MOD : DIFV_F_REF;
  for (auto& v : vars_) {
    if (v.dtdv_id == id && v.dtdv_scope == scope && v.dtdv_kind == kind) {
      v.dtdv_flags |= flag;
      return;
    }
  }
  dtrace_difv v{};
  uint16_t off = 0;
  intern_str(name, off);
  v.dtdv_name = off;
  v.dtdv_id = id;
  v.dtdv_kind = kind;
  v.dtdv_scope = scope;
  v.dtdv_flags = flag;
  v.dtdv_type = type;
  vars_.push_back(v);
}

cc::Difo assemble(const IrDifo& ir) {
  cc::Difo d;
  d.code.reserve(ir.code().size());
  for (const IrInstr& in : ir.code()) {
    dif_instr_t w = in.word;
    if (in.label >= 0) {
      int32_t target = ir.labels()[static_cast<size_t>(in.label)];
      w = DIF_INSTR_BRANCH(DIF_INSTR_OP(w), static_cast<uint32_t>(target));
    }
    d.code.push_back(w);
  }
  d.ints = ir.ints();
  d.strtab = ir.strtab();
  d.vars = ir.vars();
  d.rtype = ir.rtype;
  d.action_at = ir.action_at();
  return d;
}

}  // namespace dtrace::dif
