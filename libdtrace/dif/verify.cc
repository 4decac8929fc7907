// Mirrors kernel/core/dif_validate.c rule for rule; keep them in step
// when either changes (the rules are dif_dvr.def and dif_ops.def).
#include "dif/verify.h"

#include "cc/builtins.h"
#include "dif/ops.h"

namespace dtrace::dif {
namespace {

constexpr const char* kMessages[] = {
#define DIF_DVR(name, msg) msg,
#include "dtrace/dif_dvr.def"
#undef DIF_DVR
};

const dtrace_difv* find_var(const cc::Difo& d, uint16_t id, uint8_t scope, uint8_t kind) {
  for (const auto& v : d.vars)
    if (v.dtdv_id == id && v.dtdv_scope == scope && v.dtdv_kind == kind) return &v;
  return nullptr;
}

bool writes_rd(dif_form f) {
  return f == DIF_FORM_R1_R2_RD || f == DIF_FORM_R1_RD || f == DIF_FORM_INT_RD ||
         f == DIF_FORM_STR_RD || f == DIF_FORM_VAR_RD || f == DIF_FORM_ARRAY_RD ||
         f == DIF_FORM_SUBR_RD;
}

bool is_store(uint8_t op) {
  return op == DIF_OP_STGS || op == DIF_OP_STTS || op == DIF_OP_STLS || op == DIF_OP_STGAA ||
         op == DIF_OP_STTAA;
}

// doc/dif.md 5.4: by value 1/2/4/8; by reference > 0; string size 0.
bool type_ok(const dtrace_diftype& t) {
  if (t.dtdt_pad != 0) return false;
  if (t.dtdt_kind == DIF_TYPE_CTF && t.dtdt_flags == 0)
    return t.dtdt_size == 1 || t.dtdt_size == 2 || t.dtdt_size == 4 || t.dtdt_size == 8;
  if (t.dtdt_flags != DIF_TF_BYREF && t.dtdt_flags != (DIF_TF_BYREF | DIF_TF_BYUREF)) return false;
  if (t.dtdt_kind == DIF_TYPE_STRING) return t.dtdt_size == 0;
  return t.dtdt_kind == DIF_TYPE_CTF && t.dtdt_size > 0;
}

// Whether variable `id` may be used by `op` (given the DIFO's table).
bool var_ok(const cc::Difo& d, uint8_t op, uint16_t id) {
  auto user = [&](uint8_t scope, uint8_t kind) {
    if (id < DIF_VAR_OTHER_UBASE) return false;
    const dtrace_difv* v = find_var(d, id, scope, kind);
    return v != nullptr && (v->dtdv_flags & (is_store(op) ? DIFV_F_MOD : DIFV_F_REF));
  };
  switch (op) {
    case DIF_OP_LDGS:
      if (id >= DIF_VAR_SCALAR_MIN && id <= DIF_VAR_SCALAR_MAX) return cc::builtin_var_by_id(id) != nullptr;
      return user(DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR);
    case DIF_OP_STGS: return user(DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR);
    case DIF_OP_LDTS: case DIF_OP_STTS: return user(DIFV_SCOPE_THREAD, DIFV_KIND_SCALAR);
    case DIF_OP_LDLS: case DIF_OP_STLS: return user(DIFV_SCOPE_LOCAL, DIFV_KIND_SCALAR);
    case DIF_OP_LDGAA: case DIF_OP_STGAA: return user(DIFV_SCOPE_GLOBAL, DIFV_KIND_ARRAY);
    case DIF_OP_LDTAA: case DIF_OP_STTAA: return user(DIFV_SCOPE_THREAD, DIFV_KIND_ARRAY);
    default: return false;
  }
}

}  // namespace

const char* verdict_message(dif_dvr reason) { return kMessages[reason]; }

Verdict verify(const cc::Difo& d, bool destructive) {
  const size_t n = d.code.size();
  if (n == 0) return {DIF_DVR_EMPTY, 0};
  if (n > DIF_MAX_INSTRS) return {DIF_DVR_TOO_LONG, 0};
  if (!d.strtab.empty() && d.strtab.back() != '\0') return {DIF_DVR_STRTAB_UNTERM, 0};
  if (d.vars.size() > DIF_MAX_VARTAB) return {DIF_DVR_VARTAB, 0};
  for (size_t i = 0; i < d.vars.size(); i++) {
    const dtrace_difv& v = d.vars[i];
    if (v.dtdv_name >= d.strtab.size() || v.dtdv_id < DIF_VAR_OTHER_UBASE ||
        v.dtdv_kind > DIFV_KIND_SCALAR || v.dtdv_scope > DIFV_SCOPE_LOCAL ||
        (v.dtdv_scope == DIFV_SCOPE_LOCAL && v.dtdv_kind == DIFV_KIND_ARRAY) ||
        (v.dtdv_flags & ~(DIFV_F_REF | DIFV_F_MOD)) != 0 || !type_ok(v.dtdv_type))
      return {DIF_DVR_VARTAB, 0};
    for (size_t j = 0; j < i; j++)
      if (d.vars[j].dtdv_id == v.dtdv_id && d.vars[j].dtdv_scope == v.dtdv_scope)
        return {DIF_DVR_VARTAB, 0};
  }
  if (!type_ok(d.rtype)) return {DIF_DVR_BAD_RTYPE, 0};
  for (uint32_t pc = 0; pc < n; pc++) {
    dif_instr_t in = d.code[pc];
    uint8_t op = DIF_INSTR_OP(in);
    const OpInfo* info = op_info(op);
    if (info == nullptr) return {DIF_DVR_BAD_OPCODE, pc};
    uint32_t r1 = DIF_INSTR_R1(in), r2 = DIF_INSTR_R2(in), rd = DIF_INSTR_RD(in);
    auto bad = [](uint32_t r) { return r >= DIF_DIR_NREGS; };
    switch (info->form) {
      case DIF_FORM_R1_R2_RD:
      case DIF_FORM_R1_R2_RS:
        if (bad(r1) || bad(r2) || bad(rd)) return {DIF_DVR_BAD_REG, pc};
        break;
      case DIF_FORM_R1_R2:
        if (rd != 0) return {DIF_DVR_BAD_FIELD, pc};
        if (bad(r1) || bad(r2)) return {DIF_DVR_BAD_REG, pc};
        break;
      case DIF_FORM_R1:
        if (r2 != 0 || rd != 0) return {DIF_DVR_BAD_FIELD, pc};
        if (bad(r1)) return {DIF_DVR_BAD_REG, pc};
        break;
      case DIF_FORM_R1_RD:
      case DIF_FORM_R1_RS_ADDR:
        if (r2 != 0) return {DIF_DVR_BAD_FIELD, pc};
        if (bad(r1) || bad(rd)) return {DIF_DVR_BAD_REG, pc};
        break;
      case DIF_FORM_RD:
        if (r1 != 0 || r2 != 0) return {DIF_DVR_BAD_FIELD, pc};
        if (bad(rd)) return {DIF_DVR_BAD_REG, pc};
        break;
      case DIF_FORM_NONE:
        if ((in & 0xffffff) != 0) return {DIF_DVR_BAD_FIELD, pc};
        break;
      case DIF_FORM_LABEL: {
        uint32_t target = DIF_INSTR_LABEL(in);
        if (target <= pc) return {DIF_DVR_BACKWARD_BRANCH, pc};
        if (target >= n) return {DIF_DVR_BRANCH_OOB, pc};
        break;
      }
      case DIF_FORM_INT_RD:
        if (bad(rd)) return {DIF_DVR_BAD_REG, pc};
        if (DIF_INSTR_INDEX(in) >= d.ints.size()) return {DIF_DVR_INTTAB_OOB, pc};
        break;
      case DIF_FORM_STR_RD:
        if (bad(rd)) return {DIF_DVR_BAD_REG, pc};
        if (DIF_INSTR_INDEX(in) >= d.strtab.size()) return {DIF_DVR_STRTAB_OOB, pc};
        break;
      case DIF_FORM_VAR_RD:
      case DIF_FORM_VAR_RS:
        if (bad(rd)) return {DIF_DVR_BAD_REG, pc};
        if (!var_ok(d, op, static_cast<uint16_t>(DIF_INSTR_INDEX(in)))) return {DIF_DVR_BAD_VAR, pc};
        break;
      case DIF_FORM_ARRAY_RD: {
        if (bad(r2) || bad(rd)) return {DIF_DVR_BAD_REG, pc};
        const cc::BuiltinVar* b = cc::builtin_var_by_id(static_cast<uint16_t>(DIF_INSTR_AVAR(in)));
        if (b == nullptr || !b->is_array) return {DIF_DVR_BAD_VAR, pc};
        break;
      }
      case DIF_FORM_SUBR_RD: {
        if (bad(rd)) return {DIF_DVR_BAD_REG, pc};
        const cc::SubrProto* s = cc::subr_by_id(static_cast<uint16_t>(DIF_INSTR_INDEX(in)));
        if (s == nullptr || !s->available) return {DIF_DVR_BAD_SUBR, pc};
        if (s->destructive && !destructive) return {DIF_DVR_PRIV, pc};
        break;
      }
      case DIF_FORM_TUPLE: {
        uint32_t type = DIF_INSTR_TYPE(in);
        if (type != DIF_TYPE_CTF && (op == DIF_OP_PUSHTV || type != DIF_TYPE_STRING))
          return {DIF_DVR_BAD_TUPLE_TYPE, pc};
        if (bad(r2) || bad(rd)) return {DIF_DVR_BAD_REG, pc};
        break;
      }
    }
    if (writes_rd(info->form) && rd == 0) return {DIF_DVR_WRITE_R0, pc};
  }
  if (DIF_INSTR_OP(d.code[n - 1]) != DIF_OP_RET) return {DIF_DVR_NO_RET, static_cast<uint32_t>(n - 1)};
  return {};
}

}  // namespace dtrace::dif
