// Translations. A member of a translated value is the translator's
// expression for that member, evaluated with the xlate operand computed
// once into a register that the translator's argument name reads; no
// other member is computed. A translated value used whole (`*curpsinfo`,
// `xlate<psinfo_t *>(p)` stored or traced) is built in scratch space:
// every member the translator defines is computed and stored.
// A parameterized inline's use binds its arguments the same way: each is
// computed once, converted to its parameter's type, and the inline's
// expression reads the parameters from those registers.
#include "dif/codegen.h"

namespace dtrace::dif {

// A copy of the index-th value bound by owner's innermost use.
uint8_t ExprGen::bound(const void* owner, size_t index) {
  for (size_t i = bindings_.size(); i-- > 0;) {
    if (bindings_[i].owner != owner || index >= bindings_[i].regs.size()) continue;
    uint8_t r = alloc();
    ir_.emit(DIF_INSTR_FMT(DIF_OP_MOV, bindings_[i].regs[index], 0, r));
    return r;
  }
  fatal("translator input or inline parameter used outside its use");
  return 0;
}

void ExprGen::unbind() {
  for (uint8_t r : bindings_.back().regs) free(r);
  bindings_.pop_back();
}

void ExprGen::bind_args(const cc::ast::Index& ix) {
  const cc::InlineInfo* in = static_cast<const cc::ast::Ident*>(ix.base)->inline_def;
  Binding b{in, {}};
  for (size_t i = 0; i < ix.args.size(); i++) {
    uint8_t r = expr(ix.args[i]);
    convert(r, ix.args[i]->type, in->param_types[i]);
    b.regs.push_back(r);
  }
  bindings_.push_back(std::move(b));
}

uint8_t ExprGen::inline_use(const cc::ast::Index& ix) {
  const cc::InlineInfo* in = static_cast<const cc::ast::Ident*>(ix.base)->inline_def;
  bind_args(ix);
  uint8_t r = expr(in->expr);
  unbind();
  cast(r, in->expr->type, in->type);
  return r;
}

// A translated member's xlate operand may lie in a parameterized inline
// (fds[fd].fi_name: the operand reads fd). On the way from the member's
// base (or its context's expression) to the xlate, the inline's use is
// found the way typecheck's translated() walks; its arguments are bound.
// Returns how many bindings were pushed (0 or 1).
size_t ExprGen::bind_inline_args(const cc::ast::Member& m) {
  const cc::ast::Expr* e = m.xlate_context ? m.xlate_context->xlate_value : m.base;
  for (;;) {
    if (const cc::ast::Index* use = cc::ast::as_inline_use(e)) {
      bind_args(*use);
      return 1;
    }
    if (e->kind() == cc::ast::Kind::Ident && static_cast<const cc::ast::Ident*>(e)->inline_def != nullptr)
      e = static_cast<const cc::ast::Ident*>(e)->inline_def->expr;
    else if (e->kind() == cc::ast::Kind::Unary &&
             static_cast<const cc::ast::Unary*>(e)->op == cc::ast::Op::Deref)
      e = static_cast<const cc::ast::Unary*>(e)->operand;
    else if (e->kind() == cc::ast::Kind::Index && static_cast<const cc::ast::Index*>(e)->arg_value != nullptr)
      e = static_cast<const cc::ast::Index*>(e)->arg_value;
    else return 0;
  }
}

// Pushes the inputs of the translations a member's xlate operand lives
// in, outermost first; returns how many bindings.
size_t ExprGen::enter_xlate(const cc::ast::Member* context) {
  if (context == nullptr) return 0;
  size_t n = enter_xlate(context->xlate_context);
  n += bind_inline_args(*context);
  bindings_.push_back({context->xlate_input->xlator, {expr(context->xlate_input->operand)}});
  return n + 1;
}

uint8_t ExprGen::xlate_member(const cc::ast::Member& m) {
  size_t outer = enter_xlate(m.xlate_context);
  outer += bind_inline_args(m);
  bindings_.push_back({m.xlate_input->xlator, {expr(m.xlate_input->operand)}});
  uint8_t r = expr(m.xlate_value);
  for (size_t i = 0; i <= outer; i++) unbind();
  cast(r, m.xlate_value->type, m.type);
  return r;
}

// *(t *)addr = value; by-reference values (arrays, structs) are copied
// with their size, a string member up to its NUL (store_string).
void ExprGen::store(uint8_t value, uint8_t addr, const cc::Type* t) {
  if (t->is_string()) {
    store_string(value, addr, ctx_.options.strsize);
    return;
  }
  if (t->by_ref()) {
    uint8_t n = constant(t->size);
    ir_.emit(DIF_INSTR_FMT(DIF_OP_COPYS, value, n, addr));
    free(n);
    return;
  }
  uint8_t op = t->size == 1 ? DIF_OP_STB : t->size == 2 ? DIF_OP_STH : t->size == 4 ? DIF_OP_STW : DIF_OP_STX;
  ir_.emit(DIF_INSTR_FMT(op, value, 0, addr));
}

// The string at value into the limit bytes at addr: its bytes up to the
// NUL (never past it: the source may end anywhere), at most limit - 1,
// then a NUL.
void ExprGen::store_string(uint8_t value, uint8_t addr, uint32_t limit) {
  uint8_t n = alloc();
  ir_.emit(DIF_INSTR_FMT(DIF_OP_MOV, value, 0, n));
  ir_.emit(DIF_INSTR_FMT(DIF_OP_FLUSHTS, 0, 0, 0));
  ir_.emit(DIF_INSTR_FMT(DIF_OP_PUSHTR, DIF_TYPE_STRING, 0, n));
  ir_.emit(DIF_INSTR_IDX(DIF_OP_CALL, DIF_SUBR_STRLEN, n));
  uint8_t most = constant(limit > 0 ? limit - 1 : 0);
  Label fits = ir_.new_label();
  ir_.emit(DIF_INSTR_FMT(DIF_OP_CMP, n, most, 0));
  ir_.branch(DIF_OP_BLEU, fits);
  ir_.emit(DIF_INSTR_FMT(DIF_OP_MOV, most, 0, n));
  ir_.place(fits);
  free(most);
  ir_.emit(DIF_INSTR_FMT(DIF_OP_COPYS, value, n, addr));
  ir_.emit(DIF_INSTR_FMT(DIF_OP_ADD, addr, n, n));
  ir_.emit(DIF_INSTR_FMT(DIF_OP_STB, 0, 0, n));
  free(n);
}

uint8_t ExprGen::xlate_whole(const cc::ast::Xlate& x) {
  const cc::Type* out = x.type->is_pointer() ? x.type->base : x.type;
  uint8_t in = expr(x.operand);
  uint8_t size = constant(out->size);
  uint8_t base = alloc();
  ir_.emit(DIF_INSTR_FMT(DIF_OP_ALLOCS, size, 0, base));
  free(size);
  bindings_.push_back({x.xlator, {in}});
  for (const cc::Type::Member& m : out->members) {
    auto it = x.xlator->members.find(m.name);
    if (it == x.xlator->members.end() || failed_) continue;
    uint8_t v = expr(it->second);
    const cc::Type* vt = it->second->type;
    convert(v, vt, m.type);
    uint8_t addr = alloc();
    uint8_t off = constant(m.offset);
    ir_.emit(DIF_INSTR_FMT(DIF_OP_ADD, base, off, addr));
    free(off);
    // A string value fills a char array member up to the array's size.
    if (vt->is_string() && m.type->kind == cc::Type::Kind::Array) store_string(v, addr, m.type->size);
    else store(v, addr, m.type);
    free(addr);
    free(v);
  }
  unbind();
  return base;
}

}  // namespace dtrace::dif
