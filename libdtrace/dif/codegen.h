// DIF code generation: typed AST -> IrDifo. ExprGen emits one DIF
// object's code for expressions and side-effect statements, allocating
// %r1..%r15 (Regs) as it goes; generate_program lays out the whole
// program: one DIFO per predicate and per action value, the actions and
// one clause per probe description. Errors (registers or tuple slots
// exhausted, tables full) are reported once through the diagnostics;
// generation then continues harmlessly and the driver stops after it.
#pragma once

#include <cstdint>

#include "cc/context.h"
#include "cc/visitor.h"
#include "dif/ir.h"

namespace dtrace::dif {

class Regs {
 public:
  // Only %r1..%r<limit-1> are handed out (-x iregs).
  explicit Regs(uint32_t limit = DIF_DIR_NREGS) : limit_(limit) {}
  uint8_t alloc();  // 0 when none is left
  void free(uint8_t r);
  int live() const;

 private:
  uint32_t limit_;
  uint16_t used_ = 1;  // %r0 is never allocated
};

// Dispatches on each node's kind through the compiler's one visitor; a
// kind code generation has no case for is an internal error.
class ExprGen : public cc::ConstVisitor<ExprGen, uint8_t> {
 public:
  ExprGen(cc::CompileContext& ctx, IrDifo& ir) : ctx_(ctx), ir_(ir), regs_(ctx.options.iregs) {}

  // Emits code computing e; returns the register holding the value (by-ref
  // types: the address). The caller frees it.
  uint8_t expr(const cc::ast::Expr* e);
  void stmt(const cc::ast::Stmt* s);
  void ret(uint8_t r) { ir_.emit(DIF_INSTR_RET(r)); }
  uint8_t constant(uint64_t v);
  bool ok() const { return !failed_; }
  Regs& regs() { return regs_; }

 private:
  friend struct VarGen;
  friend class cc::Visitor<ExprGen, uint8_t, true>;
  // One case per kind that has a value (or, for statements, an effect).
  uint8_t visit_IntLit(const cc::ast::IntLit& n) { return constant(n.value); }
  uint8_t visit_StrLit(const cc::ast::StrLit& n);
  uint8_t visit_Ident(const cc::ast::Ident& n) { return load_var(&n); }
  uint8_t visit_ScopedVar(const cc::ast::ScopedVar& n) { return load_var(&n); }
  uint8_t visit_Index(const cc::ast::Index& n);
  uint8_t visit_Call(const cc::ast::Call& n) { return call(n); }
  uint8_t visit_SymRef(const cc::ast::SymRef& n);
  uint8_t visit_Member(const cc::ast::Member& n);
  uint8_t visit_Unary(const cc::ast::Unary& n) { return unary(n); }
  uint8_t visit_Binary(const cc::ast::Binary& n) { return binary(n); }
  uint8_t visit_Ternary(const cc::ast::Ternary& n) { return ternary(n); }
  uint8_t visit_Assign(const cc::ast::Assign& n) { return assign(n); }
  uint8_t visit_IncDec(const cc::ast::IncDec& n) { return incdec(n); }
  uint8_t visit_Cast(const cc::ast::Cast& n);
  uint8_t visit_Stringof(const cc::ast::Stringof& n);
  uint8_t visit_Comma(const cc::ast::Comma& n);
  uint8_t visit_Xlate(const cc::ast::Xlate& n) { return xlate_whole(n); }
  uint8_t visit_Sizeof(const cc::ast::Sizeof& n) { return constant(n.value); }
  uint8_t visit_Offsetof(const cc::ast::Offsetof& n) { return constant(n.value); }
  uint8_t visit_ExprStmt(const cc::ast::ExprStmt& n);
  uint8_t visit_Block(const cc::ast::Block& n);
  uint8_t visit_IfStmt(const cc::ast::IfStmt& n);
  uint8_t visit_node(const cc::ast::Node& n);

  uint8_t alloc();
  void free(uint8_t r) { regs_.free(r); }
  void fatal(const char* msg);
  const cc::VarInfo* var_named(const cc::ast::Expr* e, const char* unsupported);
  uint8_t binary(const cc::ast::Binary& n);
  uint8_t compare(const cc::ast::Binary& n);
  uint8_t logical(const cc::ast::Binary& n);
  uint8_t unary(const cc::ast::Unary& n);
  uint8_t ternary(const cc::ast::Ternary& n);
  void branch_unless(const cc::ast::Expr* cond, Label to);
  uint8_t assign(const cc::ast::Assign& n);
  uint8_t incdec(const cc::ast::IncDec& n);
  void compound(const cc::ast::Assign& n, uint8_t cur, uint8_t v);
  uint8_t step(const cc::ast::IncDec& n, uint8_t old);
  uint8_t call(const cc::ast::Call& n);
  uint8_t load(uint8_t addr, const cc::Type* t, bool user);
  bool in_user(const cc::ast::Expr* e) const;
  bool user_string(const cc::ast::Expr* e) const;
  void copyinstr(uint8_t r, uint32_t limit);
  uint8_t bitfield(uint8_t addr, const cc::ast::Member& m);
  const cc::Type* bitfield_word(const cc::ast::Member& m);
  void add_offset(uint8_t r, uint32_t off);
  void convert(uint8_t r, const cc::Type* from, const cc::Type* to);
  void cast(uint8_t r, const cc::Type* from, const cc::Type* to, const cc::ast::Expr* e = nullptr);
  void shift(uint8_t r, uint32_t n, bool arithmetic);
  void set_one(uint8_t r);
  void one_unless(uint8_t op, uint8_t r);
  void to_bool(uint8_t r);
  uint8_t scaled(uint8_t r, const cc::Type* ptr);

  // Translators and parameterized inlines (codegen_xlate.cc)
  uint8_t xlate_member(const cc::ast::Member& m);
  size_t enter_xlate(const cc::ast::Member* context);
  uint8_t xlate_whole(const cc::ast::Xlate& x);
  uint8_t inline_use(const cc::ast::Index& ix);
  void bind_args(const cc::ast::Index& ix);
  size_t bind_inline_args(const cc::ast::Member& m);
  uint8_t bound(const void* owner, size_t index);
  void unbind();
  void store(uint8_t value, uint8_t addr, const cc::Type* t);
  void store_string(uint8_t value, uint8_t addr, uint32_t limit);

  // Stores into memory (codegen_store.cc)
  uint8_t object_address(const cc::ast::Expr* e);
  uint8_t place_address(const cc::ast::Expr* e);
  uint8_t element_address(const cc::ast::Index& ix, uint8_t base);
  uint8_t load_place(uint8_t addr, const cc::ast::Expr* e);
  void store_bits(uint8_t value, uint8_t addr, const cc::ast::Member& m);
  void store_place(uint8_t value, uint8_t addr, const cc::ast::Expr* e);
  uint8_t assign_place(const cc::ast::Assign& n);
  uint8_t incdec_place(const cc::ast::IncDec& n);

  // Variables (codegen_var.cc). A struct, union or array that is a
  // dynamic variable reads as zeros while absent; create: it is made.
  uint8_t load_var(const cc::ast::Expr* e, bool create = false);
  void fill_absent(const cc::VarInfo* v, uint8_t r, bool create, bool array);
  void store_var(const cc::ast::Expr* lhs, uint8_t value);
  bool push_tuple(const std::vector<cc::ast::Expr*>& keys, std::vector<uint8_t>& regs,
                  const std::vector<const cc::Type*>& as = {});
  void pop_tuple(std::vector<uint8_t>& regs);
  void note_var(const cc::VarInfo* v, bool write);
  uint8_t var_op(const cc::VarInfo* v, bool store, bool array);

  cc::CompileContext& ctx_;
  IrDifo& ir_;
  Regs regs_;
  bool failed_ = false;
  // Values their user binds to names: a translation's input (owner: its
  // TranslatorInfo), a parameterized inline's arguments (its InlineInfo).
  // Innermost last.
  struct Binding {
    const void* owner;
    std::vector<uint8_t> regs;
  };
  std::vector<Binding> bindings_;
};

// The D type's DIF type: integers/pointers by value, strings by reference.
dtrace_diftype diftype_of(const cc::Type* t, uint32_t strsize);
cc::ValueType value_type_of(const cc::Type* t, uint32_t strsize);

bool generate_program(cc::CompileContext& ctx);

}  // namespace dtrace::dif
