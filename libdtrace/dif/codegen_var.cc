// Variable access: built-ins (LDGS, LDGA), D variables by scope
// (LD/ST G/T/L S), associative arrays through the tuple stack
// (FLUSHTS, PUSHTV/PUSHTR, LD/ST G/T AA), and subroutine arguments.
#include "dif/codegen.h"

namespace dtrace::dif {

using cc::ast::Kind;

namespace {

const cc::VarInfo* var_of(const cc::ast::Expr* e) {
  if (e->kind() == Kind::Ident) return static_cast<const cc::ast::Ident*>(e)->var;
  if (e->kind() == Kind::ScopedVar) return static_cast<const cc::ast::ScopedVar*>(e)->var;
  return nullptr;
}

uint8_t scope_of(const cc::VarInfo* v) {
  switch (v->scope) {
    case cc::VarScope::Thread: return DIFV_SCOPE_THREAD;
    case cc::VarScope::Local: return DIFV_SCOPE_LOCAL;
    default: return DIFV_SCOPE_GLOBAL;
  }
}

// A struct, union or array kept as a dynamic variable (self->, a[k]):
// the load gives its address, or 0 while it does not exist.
bool absent_reads_zero(const cc::VarInfo* v) {
  const cc::Type* t = v->type;
  return t != nullptr && t->by_ref() && (v->scope == cc::VarScope::Thread || v->is_array);
}

}  // namespace

void ExprGen::note_var(const cc::VarInfo* v, bool write) {
  if (v->scope == cc::VarScope::Builtin) return;
  ir_.use_var(v->name, v->id, v->is_array ? DIFV_KIND_ARRAY : DIFV_KIND_SCALAR, scope_of(v), write,
              diftype_of(v->type, ctx_.options.strsize));
}

// The opcode that loads or stores v.
uint8_t ExprGen::var_op(const cc::VarInfo* v, bool store, bool array) {
  switch (v->scope) {
    case cc::VarScope::Thread:
      return array ? (store ? DIF_OP_STTAA : DIF_OP_LDTAA) : (store ? DIF_OP_STTS : DIF_OP_LDTS);
    case cc::VarScope::Local: return store ? DIF_OP_STLS : DIF_OP_LDLS;
    default: return array ? (store ? DIF_OP_STGAA : DIF_OP_LDGAA) : (store ? DIF_OP_STGS : DIF_OP_LDGS);
  }
}

// Every key is evaluated, then each is cast to `as` (a subroutine's
// parameter types) and pushed with its size in a register, as DTrace
// does it (the size matters to PUSHTR only).
bool ExprGen::push_tuple(const std::vector<cc::ast::Expr*>& keys, std::vector<uint8_t>& regs,
                         const std::vector<const cc::Type*>& as) {
  if (keys.size() > ctx_.options.tregs || keys.size() > DIF_DTR_NREGS) {
    fatal("Insufficient tuple registers to generate code");
    return false;
  }
  for (const cc::ast::Expr* k : keys) regs.push_back(expr(k));
  if (failed_) return false;
  ir_.emit(DIF_INSTR_FMT(DIF_OP_FLUSHTS, 0, 0, 0));
  for (size_t i = 0; i < keys.size(); i++) {
    const cc::Type* t = keys[i]->type;
    if (i < as.size()) cast(regs[i], t, as[i], keys[i]);
    uint32_t size = t->is_string() ? ctx_.options.strsize : t->size;
    uint8_t n = size != 0 ? constant(size) : 0;
    if (t->is_string()) ir_.emit(DIF_INSTR_FMT(DIF_OP_PUSHTR, DIF_TYPE_STRING, n, regs[i]));
    else if (t->is_sou())  // by reference: its size in bytes are the key
      ir_.emit(DIF_INSTR_FMT(DIF_OP_PUSHTR, DIF_TYPE_CTF, n, regs[i]));
    else ir_.emit(DIF_INSTR_FMT(DIF_OP_PUSHTV, DIF_TYPE_CTF, n, regs[i]));
    if (n != 0) free(n);
  }
  return true;
}

void ExprGen::pop_tuple(std::vector<uint8_t>& regs) {
  for (uint8_t r : regs) free(r);
  regs.clear();
}

// r holds such a variable's address or 0. When 0, r is pointed at a
// hidden global of its size that is never stored into ("$zeros<size>",
// zeros in the state's variable storage); with create, those zeros are
// stored as the variable (the tuple stack still holds the key) and its
// address reloaded. If it still does not exist (dynamic variable space is
// full: a drop is counted), the store lands in zeroed scratch instead.
void ExprGen::fill_absent(const cc::VarInfo* v, uint8_t r, bool create, bool array) {
  uint32_t size = v->type->size;
  std::string name = "$zeros" + std::to_string(size);
  cc::VarInfo* zeros = ctx_.idents.find(cc::VarScope::Global, name);
  if (zeros == nullptr) {
    zeros = ctx_.idents.create(cc::VarScope::Global, name, cc::Loc{});
    zeros->type = ctx_.types.array_of(ctx_.types.integer(1, false), size);
  }
  Label done = ir_.new_label();
  ir_.emit(DIF_INSTR_FMT(DIF_OP_TST, r, 0, 0));
  ir_.branch(DIF_OP_BNE, done);
  ir_.emit(DIF_INSTR_IDX(DIF_OP_LDGS, zeros->id, r));
  note_var(zeros, false);
  if (create) {
    ir_.emit(DIF_INSTR_IDX(var_op(v, true, array), v->id, r));
    ir_.emit(DIF_INSTR_IDX(var_op(v, false, array), v->id, r));
    note_var(v, true);
    ir_.emit(DIF_INSTR_FMT(DIF_OP_TST, r, 0, 0));
    ir_.branch(DIF_OP_BNE, done);
    uint8_t n = constant(size);
    ir_.emit(DIF_INSTR_FMT(DIF_OP_ALLOCS, n, 0, r));
    free(n);
  }
  ir_.place(done);
}

// The variable e names, or nullptr after fatal(unsupported).
const cc::VarInfo* ExprGen::var_named(const cc::ast::Expr* e, const char* unsupported) {
  const cc::VarInfo* v = var_of(e);
  if (v == nullptr) fatal(unsupported);
  return v;
}

uint8_t ExprGen::load_var(const cc::ast::Expr* e, bool create) {
  if (e->kind() == Kind::Index) {
    auto* ix = static_cast<const cc::ast::Index*>(e);
    const cc::VarInfo* v = var_named(ix->base, "unsupported array reference in code generation");
    if (v == nullptr) return 0;
    if (v->scope == cc::VarScope::Builtin) {  // args[i], regs[i], uregs[i]
      uint8_t r = expr(ix->args[0]);
      ir_.emit(DIF_INSTR_FMT(DIF_OP_LDGA, v->id, r, r));
      if (ix->native_arg) {  // a native argument narrower than 64 bits
        static const cc::Type kWord = [] {
          cc::Type t;
          t.kind = cc::Type::Kind::Int;
          t.size = 8;
          t.is_signed = true;
          return t;
        }();
        convert(r, &kWord, e->type);
      }
      return r;
    }
    std::vector<uint8_t> keys;
    if (!push_tuple(ix->args, keys)) return 0;
    uint8_t rd = keys[0];
    keys.erase(keys.begin());
    ir_.emit(DIF_INSTR_IDX(var_op(v, false, true), v->id, rd));
    note_var(v, false);
    if (absent_reads_zero(v)) fill_absent(v, rd, create, true);
    pop_tuple(keys);
    return rd;
  }
  if (e->kind() == Kind::Ident) {
    auto* id = static_cast<const cc::ast::Ident*>(e);
    if (id->xlate_arg != nullptr) return bound(id->xlate_arg, 0);
    if (id->param_of != nullptr) return bound(id->param_of, id->param_index);
    const cc::InlineInfo* in = static_cast<const cc::ast::Ident*>(e)->inline_def;
    if (in != nullptr) {  // a non-constant inline: its expression, converted
      uint8_t r = expr(in->expr);
      cast(r, in->expr->type, in->type);
      return r;
    }
  }
  const cc::VarInfo* v = var_named(e, "unsupported variable reference in code generation");
  if (v == nullptr) return 0;
  uint8_t r = alloc();
  ir_.emit(DIF_INSTR_IDX(var_op(v, false, false), v->id, r));
  note_var(v, false);
  if (absent_reads_zero(v)) fill_absent(v, r, create, false);
  return r;
}

void ExprGen::store_var(const cc::ast::Expr* lhs, uint8_t value) {
  if (lhs->kind() == Kind::Index) {
    auto* ix = static_cast<const cc::ast::Index*>(lhs);
    const cc::VarInfo* v = var_named(ix->base, "unsupported array store in code generation");
    if (v == nullptr) return;
    std::vector<uint8_t> keys;
    if (!push_tuple(ix->args, keys)) return;
    ir_.emit(DIF_INSTR_IDX(var_op(v, true, true), v->id, value));
    note_var(v, true);
    pop_tuple(keys);
    return;
  }
  const cc::VarInfo* v = var_named(lhs, "unsupported store in code generation");
  if (v == nullptr) return;
  ir_.emit(DIF_INSTR_IDX(var_op(v, true, false), v->id, value));
  note_var(v, true);
}

}  // namespace dtrace::dif
