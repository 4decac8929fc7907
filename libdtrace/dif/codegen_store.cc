// Stores into memory: p->m, v.m, *p and p[i] as lvalues. The address is
// computed once (compound assignments and ++/-- read and write through
// it); a struct, union or array kept as a dynamic variable (self->s,
// a[k]) is created, zero-filled, when one of its members is first stored.
#include "dif/codegen.h"

namespace dtrace::dif {

using cc::ast::Kind;
using cc::ast::Op;

// The address of a by-ref object that is about to be stored into.
uint8_t ExprGen::object_address(const cc::ast::Expr* e) {
  if (e->kind() == Kind::Ident || e->kind() == Kind::ScopedVar ||
      (e->kind() == Kind::Index && !static_cast<const cc::ast::Index*>(e)->indexes_memory))
    return load_var(e, /*create=*/true);
  if (cc::ast::is_place(e)) return place_address(e);
  return expr(e);
}

uint8_t ExprGen::place_address(const cc::ast::Expr* e) {
  switch (e->kind()) {
    case Kind::Member: {
      auto* m = static_cast<const cc::ast::Member*>(e);
      uint8_t r = m->arrow ? expr(m->base) : object_address(m->base);
      add_offset(r, m->offset);
      return r;
    }
    case Kind::Unary: return expr(static_cast<const cc::ast::Unary*>(e)->operand);
    default: {
      auto* ix = static_cast<const cc::ast::Index*>(e);
      bool array = ix->base->type->kind == cc::Type::Kind::Array;
      return element_address(*ix, array ? object_address(ix->base) : expr(ix->base));
    }
  }
}

// base[i] with b holding the address of base's first element. An array
// in D's own storage, and a string, is bounds-checked: an index outside
// it gives the address 0, so the load or store faults instead of
// reaching the variables beside it.
uint8_t ExprGen::element_address(const cc::ast::Index& ix, uint8_t b) {
  const cc::Type* bt = ix.base->type;
  uint8_t i = expr(ix.args[0]);
  Label done = ir_.new_label();
  uint64_t bound = bt->is_string()                                             ? ctx_.options.strsize
                   : bt->kind == cc::Type::Kind::Array && ix.base->is_writable ? bt->nelems
                                                                               : 0;
  if (bound > 0) {
    Label inside = ir_.new_label();
    uint8_t n = constant(bound);
    ir_.emit(DIF_INSTR_FMT(DIF_OP_CMP, i, n, 0));
    free(n);
    ir_.branch(DIF_OP_BLU, inside);
    ir_.emit(DIF_INSTR_FMT(DIF_OP_MOV, 0, 0, b));
    ir_.branch(DIF_OP_BA, done);
    ir_.place(inside);
  }
  scaled(i, bt);
  ir_.emit(DIF_INSTR_FMT(DIF_OP_ADD, b, i, b));
  ir_.place(done);
  free(i);
  return b;
}

// The value at a place whose address is in addr (addr is kept).
uint8_t ExprGen::load_place(uint8_t addr, const cc::ast::Expr* e) {
  uint8_t r = alloc();
  ir_.emit(DIF_INSTR_FMT(DIF_OP_MOV, addr, 0, r));
  if (e->kind() == Kind::Member && static_cast<const cc::ast::Member*>(e)->bits != 0)
    return bitfield(r, *static_cast<const cc::ast::Member*>(e));
  return load(r, e->type, in_user(e));
}

// A bit-field: the bytes that hold it are read, its bits replaced, and
// written back.
void ExprGen::store_bits(uint8_t value, uint8_t addr, const cc::ast::Member& m) {
  const cc::Type* word = bitfield_word(m);
  uint64_t field = (m.bits >= 64 ? ~0ULL : (1ULL << m.bits) - 1) << m.bit_off;
  uint8_t old = alloc();
  ir_.emit(DIF_INSTR_FMT(DIF_OP_MOV, addr, 0, old));
  load(old, word, false);
  uint8_t mask = constant(~field);
  ir_.emit(DIF_INSTR_FMT(DIF_OP_AND, old, mask, old));
  free(mask);
  uint8_t v = alloc();
  ir_.emit(DIF_INSTR_FMT(DIF_OP_MOV, value, 0, v));
  if (m.bit_off != 0) {
    uint8_t n = constant(m.bit_off);
    ir_.emit(DIF_INSTR_FMT(DIF_OP_SLL, v, n, v));
    free(n);
  }
  mask = constant(field);
  ir_.emit(DIF_INSTR_FMT(DIF_OP_AND, v, mask, v));
  free(mask);
  ir_.emit(DIF_INSTR_FMT(DIF_OP_OR, old, v, old));
  free(v);
  store(old, addr, word);
  free(old);
}

void ExprGen::store_place(uint8_t value, uint8_t addr, const cc::ast::Expr* e) {
  if (e->kind() == Kind::Member && static_cast<const cc::ast::Member*>(e)->bits != 0)
    store_bits(value, addr, *static_cast<const cc::ast::Member*>(e));
  else store(value, addr, e->type);
}

// lhs = rhs and lhs op= rhs where lhs is a place.
// lhs op= rhs reads lhs before it evaluates rhs (ExprGen::assign).
uint8_t ExprGen::assign_place(const cc::ast::Assign& n) {
  uint8_t addr = place_address(n.lhs);
  uint8_t cur = n.op != Op::Assign ? load_place(addr, n.lhs) : 0;
  uint8_t v = expr(n.rhs);
  if (n.op != Op::Assign) {
    compound(n, cur, v);
    free(cur);
  }
  convert(v, n.rhs->type, n.lhs->type);
  store_place(v, addr, n.lhs);
  free(addr);
  return v;
}

uint8_t ExprGen::incdec_place(const cc::ast::IncDec& n) {
  uint8_t addr = place_address(n.operand);
  uint8_t old = load_place(addr, n.operand);
  uint8_t nv = step(n, old);
  store_place(nv, addr, n.operand);
  free(addr);
  if (n.postfix) {
    free(nv);
    return old;
  }
  free(old);
  return nv;
}

}  // namespace dtrace::dif
