// Expression code generation. Every value lives in a register; by-ref
// values (strings, structs) are addresses. Branches only go forward: a
// condition sets the result to 0, skips ahead when false and sets 1.
#include "dif/codegen.h"

#include "cc/builtins.h"

namespace dtrace::dif {

using cc::ast::Kind;
using cc::ast::Op;

uint8_t Regs::alloc() {
  for (uint8_t r = 1; r < limit_ && r < DIF_DIR_NREGS; r++) {
    if (!(used_ & (1u << r))) {
      used_ |= static_cast<uint16_t>(1u << r);
      return r;
    }
  }
  return 0;
}

void Regs::free(uint8_t r) {
  if (r != 0) used_ &= static_cast<uint16_t>(~(1u << r));
}

int Regs::live() const { return __builtin_popcount(used_) - 1; }

void ExprGen::fatal(const char* msg) {
  if (!failed_ && !ctx_.diags.has_error()) ctx_.diags.fatal(msg);
  failed_ = true;
}

uint8_t ExprGen::alloc() {
  uint8_t r = regs_.alloc();
  if (r == 0) fatal("Insufficient registers to generate code");
  return r;
}

uint8_t ExprGen::constant(uint64_t v) {
  uint8_t r = alloc();
  uint16_t idx = 0;
  if (!ir_.intern_int(v, idx)) fatal("Insufficient integer table space to generate code");
  ir_.emit(DIF_INSTR_IDX(DIF_OP_SETX, idx, r));
  return r;
}

dtrace_diftype diftype_of(const cc::Type* t, uint32_t strsize) {
  dtrace_diftype d{};
  if (t == nullptr || t->is_void()) {
    d.dtdt_kind = DIF_TYPE_CTF;
    d.dtdt_size = 0;
  } else if (t->is_string()) {
    d.dtdt_kind = DIF_TYPE_STRING;
    d.dtdt_flags = DIF_TF_BYREF;
    d.dtdt_size = 0;  // doc/dif.md 5.4: strings carry size 0, meaning strsize
    (void)strsize;
  } else if (t->by_ref()) {
    d.dtdt_kind = DIF_TYPE_CTF;
    d.dtdt_flags = DIF_TF_BYREF;
    d.dtdt_size = t->size;
  } else {
    d.dtdt_kind = DIF_TYPE_CTF;
    d.dtdt_size = t->size;
  }
  return d;
}

cc::ValueType value_type_of(const cc::Type* t, uint32_t strsize) {
  cc::ValueType v;
  if (t == nullptr || t->is_void()) {
    v.kind = cc::ValueType::Kind::Bytes;
    v.size = 0;
    v.ctype = "void";
    return v;
  }
  v.ctype = t->name;
  v.size = t->size;
  if (t->is_string()) {
    v.kind = cc::ValueType::Kind::String;
    v.size = strsize;
  } else if (t->is_pointer()) {
    v.kind = cc::ValueType::Kind::Pointer;
  } else if (t->is_int()) {
    v.kind = t->is_signed ? cc::ValueType::Kind::Signed : cc::ValueType::Kind::Unsigned;
  } else if (t->is_float() && t->size <= 8) {
    // Its bits, as trace() prints them; printf's %e %f %g read the C type.
    v.kind = cc::ValueType::Kind::Unsigned;
    v.ctype = t->size == 4 ? "float" : "double";
  } else if (t->is_float()) {
    v.ctype = "long double";
    v.kind = cc::ValueType::Kind::Bytes;
  } else {
    v.kind = cc::ValueType::Kind::Bytes;
  }
  return v;
}

// Sign- or zero-extends r from the size of `to` when narrowing.
void ExprGen::convert(uint8_t r, const cc::Type* from, const cc::Type* to) {
  if (from == nullptr || to == nullptr || !to->is_int() || !(from->is_int() || from->is_pointer())) return;
  if (to->size >= 8 || (to->size >= from->size && to->is_signed == from->is_signed) ||
      (to->size > from->size && !from->is_signed))
    return;
  shift(r, 64 - to->size * 8, to->is_signed);
}

// An explicit cast, a subroutine argument to its parameter's type, an
// inline's or a translator member's value to its declared type. DTrace
// compiles each of these that narrows a scalar or changes its signedness
// as three instructions (the shift count, a left shift, a right shift),
// and its ERROR offsets count them, so ours does too. The value is C's:
// narrowed to `to`, or widened from `from` as `from`'s signedness says.
void ExprGen::cast(uint8_t r, const cc::Type* from, const cc::Type* to, const cc::ast::Expr* e) {
  if (from == nullptr || to == nullptr || !to->is_scalar()) return;
  if (!from->is_scalar()) {
    // A string or an array standing for its address: DTrace shifts it
    // by 0 when its size exceeds the scalar's (a string constant's is
    // its length and NUL, another string's strsize).
    const auto* lit = cc::ast::as<cc::ast::StrLit>(static_cast<const cc::ast::Node*>(e));
    uint64_t size = lit ? lit->value.size() + 1 : from->is_string() ? ctx_.options.strsize : from->size;
    if (size > to->size) shift(r, 0, false);
    return;
  }
  bool narrows = to->size < from->size;
  bool widens = to->size > from->size;
  if (!narrows && to->is_signed == from->is_signed) return;
  uint32_t bits = widens && (!from->is_signed || to->size == 8) ? from->size : to->size;
  shift(r, 64 - bits * 8, widens ? from->is_signed && to->size == 8 : to->is_signed);
}

// r = r << n >> n, the right shift arithmetic or logical.
void ExprGen::shift(uint8_t r, uint32_t n, bool arithmetic) {
  uint8_t bits = constant(n);
  ir_.emit(DIF_INSTR_FMT(DIF_OP_SLL, r, bits, r));
  ir_.emit(DIF_INSTR_FMT(arithmetic ? DIF_OP_SRA : DIF_OP_SRL, r, bits, r));
  free(bits);
}

// r = 1
void ExprGen::set_one(uint8_t r) {
  uint16_t one = 0;
  ir_.intern_int(1, one);
  ir_.emit(DIF_INSTR_IDX(DIF_OP_SETX, one, r));
}

// r = 1 unless branch `op` is taken on the flags already set (r unchanged).
void ExprGen::one_unless(uint8_t op, uint8_t r) {
  Label done = ir_.new_label();
  ir_.branch(op, done);
  set_one(r);
  ir_.place(done);
}

// r = (r != 0)
void ExprGen::to_bool(uint8_t r) {
  ir_.emit(DIF_INSTR_FMT(DIF_OP_TST, r, 0, 0));
  one_unless(DIF_OP_BE, r);
}

// Multiplies an integer register by the pointee size of `ptr` (pointer arithmetic).
uint8_t ExprGen::scaled(uint8_t r, const cc::Type* ptr) {
  uint32_t size = ptr->base && !ptr->base->is_void() ? ptr->base->size : 1;
  if (size <= 1) return r;
  uint8_t s = constant(size);
  ir_.emit(DIF_INSTR_FMT(DIF_OP_MUL, r, s, r));
  free(s);
  return r;
}

bool ExprGen::in_user(const cc::ast::Expr* e) const { return cc::ast::in_user_memory(e); }

// stringof of a user pointer, or of a char array in user memory: the
// string is copied in (copyinstr), as DTrace does for userland types.
bool ExprGen::user_string(const cc::ast::Expr* e) const {
  const cc::Type* t = e->type;
  if (t == nullptr) return false;
  if (t->is_pointer()) return t->user_space;
  return t->kind == cc::Type::Kind::Array && (t->user_space || in_user(e));
}

// r = copyinstr(r[, limit]): the string at user address r, in scratch
// memory; a char array's string ends at the array's end at the latest.
void ExprGen::copyinstr(uint8_t r, uint32_t limit) {
  uint8_t n = limit ? constant(limit) : 0;
  ir_.emit(DIF_INSTR_FMT(DIF_OP_FLUSHTS, 0, 0, 0));
  ir_.emit(DIF_INSTR_FMT(DIF_OP_PUSHTV, DIF_TYPE_CTF, 0, r));
  if (limit) {
    ir_.emit(DIF_INSTR_FMT(DIF_OP_PUSHTV, DIF_TYPE_CTF, 0, n));
    free(n);
  }
  ir_.emit(DIF_INSTR_IDX(DIF_OP_CALL, DIF_SUBR_COPYINSTR, r));
}

uint8_t ExprGen::load(uint8_t addr, const cc::Type* t, bool user) {
  if (t->by_ref() || t->is_string()) return addr;  // by reference
  uint8_t op;
  switch (t->size) {
    case 1: op = t->is_signed ? DIF_OP_LDSB : DIF_OP_LDUB; break;
    case 2: op = t->is_signed ? DIF_OP_LDSH : DIF_OP_LDUH; break;
    case 4: op = t->is_signed ? DIF_OP_LDSW : DIF_OP_LDUW; break;
    default: op = DIF_OP_LDX; break;
  }
  if (user) op = static_cast<uint8_t>(op + (DIF_OP_ULDSB - DIF_OP_LDSB));
  ir_.emit(DIF_INSTR_FMT(op, addr, 0, addr));
  return addr;
}

// The unsigned integer of the fewest bytes (1, 2, 4, 8) that hold m's
// bits from its first byte.
const cc::Type* ExprGen::bitfield_word(const cc::ast::Member& m) {
  uint32_t need = m.bit_off + m.bits, bytes = 1;
  while (bytes * 8 < need) bytes *= 2;
  return ctx_.types.integer(bytes, false);
}

// r += off (a member's offset), nothing for 0.
void ExprGen::add_offset(uint8_t r, uint32_t off) {
  if (off == 0) return;
  uint8_t o = constant(off);
  ir_.emit(DIF_INSTR_FMT(DIF_OP_ADD, r, o, r));
  free(o);
}

// A bit-field at address r: loads the fewest bytes that hold it, moves
// its top bit to bit 63, then shifts it down with its type's sign.
uint8_t ExprGen::bitfield(uint8_t r, const cc::ast::Member& m) {
  uint32_t need = m.bit_off + m.bits;
  load(r, bitfield_word(m), in_user(&m));
  if (uint32_t up = 64 - need; up != 0) {
    uint8_t n = constant(up);
    ir_.emit(DIF_INSTR_FMT(DIF_OP_SLL, r, n, r));
    free(n);
  }
  if (uint32_t down = 64 - m.bits; down != 0) {
    uint8_t n = constant(down);
    ir_.emit(DIF_INSTR_FMT(m.type->is_signed ? DIF_OP_SRA : DIF_OP_SRL, r, n, r));
    free(n);
  }
  return r;
}

uint8_t ExprGen::compare(const cc::ast::Binary& n) {
  uint8_t a = expr(n.lhs);
  uint8_t b = expr(n.rhs);
  bool any_string = n.lhs->type->is_string() || n.rhs->type->is_string();
  // A string against NULL (the constant 0) compares its address.
  bool strings = any_string && !n.lhs->type->is_int() && !n.rhs->type->is_int();
  ir_.emit(DIF_INSTR_FMT(strings ? DIF_OP_SCMP : DIF_OP_CMP, a, b, 0));
  free(b);
  const cc::Type* common =
      any_string ? nullptr
                 : ctx_.types.arith_result(n.lhs->type->is_pointer() ? ctx_.types.ulong_type() : n.lhs->type,
                                           n.rhs->type->is_pointer() ? ctx_.types.ulong_type() : n.rhs->type);
  bool is_signed = common != nullptr && common->is_signed;
  // Branch taken when the comparison is false.
  uint8_t op = 0;
  switch (n.op) {
    case Op::Eq: op = DIF_OP_BNE; break;
    case Op::Ne: op = DIF_OP_BE; break;
    case Op::Lt: op = is_signed ? DIF_OP_BGE : DIF_OP_BGEU; break;
    case Op::Gt: op = is_signed ? DIF_OP_BLE : DIF_OP_BLEU; break;
    case Op::Le: op = is_signed ? DIF_OP_BG : DIF_OP_BGU; break;
    default: op = is_signed ? DIF_OP_BL : DIF_OP_BLU; break;  // Ge
  }
  ir_.emit(DIF_INSTR_FMT(DIF_OP_MOV, 0, 0, a));
  one_unless(op, a);
  return a;
}

uint8_t ExprGen::logical(const cc::ast::Binary& n) {
  if (n.op == Op::LogXor) {  // both sides always evaluated
    uint8_t a = expr(n.lhs);
    to_bool(a);
    uint8_t b = expr(n.rhs);
    to_bool(b);
    ir_.emit(DIF_INSTR_FMT(DIF_OP_XOR, a, b, a));
    free(b);
    return a;
  }
  bool is_and = n.op == Op::LogAnd;
  Label shortcut = ir_.new_label(), done = ir_.new_label();
  uint8_t a = expr(n.lhs);
  ir_.emit(DIF_INSTR_FMT(DIF_OP_TST, a, 0, 0));
  ir_.branch(is_and ? DIF_OP_BE : DIF_OP_BNE, shortcut);
  free(a);
  uint8_t b = expr(n.rhs);
  ir_.emit(DIF_INSTR_FMT(DIF_OP_TST, b, 0, 0));
  ir_.branch(is_and ? DIF_OP_BE : DIF_OP_BNE, shortcut);
  // Both operands decided: && true, || false.
  if (is_and) set_one(b);
  else ir_.emit(DIF_INSTR_FMT(DIF_OP_MOV, 0, 0, b));
  ir_.branch(DIF_OP_BA, done);
  ir_.place(shortcut);
  if (is_and) ir_.emit(DIF_INSTR_FMT(DIF_OP_MOV, 0, 0, b));
  else set_one(b);
  ir_.place(done);
  return b;
}

// The opcode of an arithmetic or bitwise operator; division and >> by
// the signedness of the result and of the shifted operand.
static uint8_t arith_opcode(Op op, bool is_signed, bool shifted_signed) {
  switch (op) {
    case Op::Add: return DIF_OP_ADD;
    case Op::Sub: return DIF_OP_SUB;
    case Op::Mul: return DIF_OP_MUL;
    case Op::Div: return is_signed ? DIF_OP_SDIV : DIF_OP_UDIV;
    case Op::Mod: return is_signed ? DIF_OP_SREM : DIF_OP_UREM;
    case Op::BitAnd: return DIF_OP_AND;
    case Op::BitOr: return DIF_OP_OR;
    case Op::BitXor: return DIF_OP_XOR;
    case Op::Shl: return DIF_OP_SLL;
    case Op::Shr: return shifted_signed ? DIF_OP_SRA : DIF_OP_SRL;
    default: return 0;
  }
}

uint8_t ExprGen::binary(const cc::ast::Binary& n) {
  switch (n.op) {
    case Op::Lt:
    case Op::Gt:
    case Op::Le:
    case Op::Ge:
    case Op::Eq:
    case Op::Ne: return compare(n);
    case Op::LogAnd:
    case Op::LogOr:
    case Op::LogXor: return logical(n);
    default: break;
  }
  uint8_t a = expr(n.lhs);
  uint8_t b = expr(n.rhs);
  const cc::Type* lt = n.lhs->type;
  const cc::Type* rt = n.rhs->type;
  if ((n.op == Op::Add || n.op == Op::Sub) && lt->is_pointer() && rt->is_int()) scaled(b, lt);
  if (n.op == Op::Add && lt->is_int() && rt->is_pointer()) scaled(a, rt);
  ir_.emit(DIF_INSTR_FMT(arith_opcode(n.op, n.type->is_signed, lt->is_signed), a, b, a));
  free(b);
  if (n.op == Op::Sub && lt->is_pointer() && rt->is_pointer()) {
    uint32_t size = lt->base && !lt->base->is_void() ? lt->base->size : 1;
    if (size > 1) {
      uint8_t s = constant(size);
      ir_.emit(DIF_INSTR_FMT(DIF_OP_SDIV, a, s, a));
      free(s);
    }
  }
  return a;
}

uint8_t ExprGen::unary(const cc::ast::Unary& n) {
  if (n.op == Op::AddrOf) {
    // &*p, &p->m, &a[i]: the address without the final load.
    const cc::ast::Expr* o = n.operand;
    if (o->kind() == Kind::Unary) return expr(static_cast<const cc::ast::Unary*>(o)->operand);
    if (o->kind() == Kind::SymRef) return constant(static_cast<const cc::ast::SymRef*>(o)->addr);
    if (o->kind() == Kind::Index) {
      auto* ix = static_cast<const cc::ast::Index*>(o);
      return element_address(*ix, expr(ix->base));
    }
    if (o->kind() == Kind::Member) {
      auto* m = static_cast<const cc::ast::Member*>(o);
      uint8_t r = expr(m->base);
      add_offset(r, m->offset);
      return r;
    }
    fatal("unsupported operand for unary &");
    return 0;
  }
  uint8_t r = expr(n.operand);
  switch (n.op) {
    case Op::Neg: ir_.emit(DIF_INSTR_FMT(DIF_OP_SUB, 0, r, r)); break;
    case Op::BitNot: ir_.emit(DIF_INSTR_FMT(DIF_OP_NOT, r, 0, r)); break;
    case Op::LogNot:
      ir_.emit(DIF_INSTR_FMT(DIF_OP_TST, r, 0, 0));
      ir_.emit(DIF_INSTR_FMT(DIF_OP_MOV, 0, 0, r));
      one_unless(DIF_OP_BNE, r);
      break;
    case Op::Deref: load(r, n.type, in_user(&n)); break;
    default: break;  // unary plus
  }
  return r;
}

// Evaluates cond and branches to `to` when it is zero.
void ExprGen::branch_unless(const cc::ast::Expr* cond, Label to) {
  uint8_t c = expr(cond);
  ir_.emit(DIF_INSTR_FMT(DIF_OP_TST, c, 0, 0));
  free(c);
  ir_.branch(DIF_OP_BE, to);
}

uint8_t ExprGen::ternary(const cc::ast::Ternary& n) {
  Label other = ir_.new_label(), done = ir_.new_label();
  branch_unless(n.cond, other);
  uint8_t a = expr(n.then);
  ir_.branch(DIF_OP_BA, done);
  ir_.place(other);
  uint8_t b = expr(n.other);
  ir_.emit(DIF_INSTR_FMT(DIF_OP_MOV, b, 0, a));
  free(b);
  ir_.place(done);
  return a;
}

// x op= y reads x before it evaluates y, as DTrace does: i += i++ adds
// i's value before the increment.
uint8_t ExprGen::assign(const cc::ast::Assign& n) {
  if (cc::ast::is_place(n.lhs)) return assign_place(n);
  uint8_t cur = n.op != Op::Assign ? load_var(n.lhs) : 0;
  uint8_t v = expr(n.rhs);
  if (n.op != Op::Assign) {
    compound(n, cur, v);
    free(cur);
  }
  convert(v, n.rhs->type, n.lhs->type);
  store_var(n.lhs, v);
  return v;
}

// v = cur op v, for lhs op= v.
void ExprGen::compound(const cc::ast::Assign& n, uint8_t cur, uint8_t v) {
  if (n.lhs->type->is_pointer()) scaled(v, n.lhs->type);
  bool s = n.lhs->type->is_signed;
  ir_.emit(DIF_INSTR_FMT(arith_opcode(n.op, s, s), cur, v, v));
}

// The value ++ or -- makes of old, in a new register.
uint8_t ExprGen::step(const cc::ast::IncDec& n, uint8_t old) {
  uint8_t one = constant(1);
  if (n.operand->type->is_pointer()) scaled(one, n.operand->type);
  uint8_t nv = alloc();
  ir_.emit(DIF_INSTR_FMT(n.increment ? DIF_OP_ADD : DIF_OP_SUB, old, one, nv));
  free(one);
  convert(nv, n.operand->type, n.operand->type);
  return nv;
}

uint8_t ExprGen::incdec(const cc::ast::IncDec& n) {
  if (cc::ast::is_place(n.operand)) return incdec_place(n);
  uint8_t old = load_var(n.operand);
  uint8_t nv = step(n, old);
  store_var(n.operand, nv);
  if (n.postfix) {
    free(nv);
    return old;
  }
  free(old);
  return nv;
}

uint8_t ExprGen::call(const cc::ast::Call& n) {
  const cc::SubrProto* p = cc::find_subr(n.name);
  std::vector<uint8_t> regs;
  if (!push_tuple(n.args, regs, n.param_types)) return 0;
  uint8_t rd = regs.empty() ? alloc() : regs[0];
  if (!regs.empty()) regs.erase(regs.begin());
  ir_.emit(DIF_INSTR_IDX(DIF_OP_CALL, p->id, rd));
  for (uint8_t r : regs) free(r);
  return rd;
}

uint8_t ExprGen::expr(const cc::ast::Expr* e) {
  if (failed_ || e == nullptr) return failed_ ? 0 : alloc();
  return visit(e);
}

void ExprGen::stmt(const cc::ast::Stmt* s) {
  if (s == nullptr || failed_) return;
  visit(s);
}

uint8_t ExprGen::visit_node(const cc::ast::Node& n) {
  if (cc::ast::as_expr(const_cast<cc::ast::Node*>(&n)) != nullptr)
    fatal("unsupported expression in code generation");
  return 0;
}

uint8_t ExprGen::visit_StrLit(const cc::ast::StrLit& n) {
  uint8_t r = alloc();
  uint16_t off = 0;
  if (!ir_.intern_str(n.value, off)) fatal("Insufficient string table space to generate code");
  ir_.emit(DIF_INSTR_IDX(DIF_OP_SETS, off, r));
  return r;
}

uint8_t ExprGen::visit_Index(const cc::ast::Index& ix) {
  if (ix.arg_value != nullptr) return expr(ix.arg_value);  // typed args[n]
  if (ix.base->kind() == Kind::Ident && static_cast<const cc::ast::Ident*>(ix.base)->inline_def)
    return inline_use(ix);
  if (ix.indexes_memory) return load(element_address(ix, expr(ix.base)), ix.type, in_user(&ix));
  return load_var(&ix);
}

// A symbol's address, loaded through the checked path (a user load for a
// target's symbol) unless it is a function (its address is its value) or
// an array.
uint8_t ExprGen::visit_SymRef(const cc::ast::SymRef& s) {
  if (s.enum_type != nullptr) return constant(static_cast<uint64_t>(s.enum_value));
  uint8_t r = constant(s.addr);
  if (s.sym_type->kind == cc::Type::Kind::Function || s.sym_type->kind == cc::Type::Kind::Array) return r;
  return load(r, s.type, s.user);
}

uint8_t ExprGen::visit_Member(const cc::ast::Member& m) {
  if (m.xlate_value != nullptr) return xlate_member(m);
  uint8_t r = expr(m.base);
  add_offset(r, m.offset);
  if (m.bits != 0) return bitfield(r, m);
  return load(r, m.type, in_user(&m));
}

uint8_t ExprGen::visit_Cast(const cc::ast::Cast& c) {
  uint8_t r = expr(c.operand);
  cast(r, c.operand->type, c.type);
  return r;
}

uint8_t ExprGen::visit_Stringof(const cc::ast::Stringof& n) {
  const cc::ast::Expr* o = n.operand;
  uint8_t r = expr(o);
  if (user_string(o)) copyinstr(r, o->type->kind == cc::Type::Kind::Array ? o->type->size : 0);
  return r;
}

uint8_t ExprGen::visit_Comma(const cc::ast::Comma& c) {
  free(expr(c.lhs));
  return expr(c.rhs);
}

uint8_t ExprGen::visit_ExprStmt(const cc::ast::ExprStmt& s) {
  free(expr(s.expr));
  return 0;
}

uint8_t ExprGen::visit_Block(const cc::ast::Block& b) {
  for (const cc::ast::Stmt* c : b.stmts) stmt(c);
  return 0;
}

uint8_t ExprGen::visit_IfStmt(const cc::ast::IfStmt& i) {
  Label other = ir_.new_label(), done = ir_.new_label();
  branch_unless(i.cond, other);
  stmt(i.then);
  if (i.other != nullptr) ir_.branch(DIF_OP_BA, done);
  ir_.place(other);
  stmt(i.other);
  ir_.place(done);
  return 0;
}

}  // namespace dtrace::dif
