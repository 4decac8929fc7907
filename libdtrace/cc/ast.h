// The D abstract syntax tree. Nodes are owned by the compile's arena and
// linked by raw pointers; kind() says what a node is and visitor.h walks
// them. The parser builds the tree; passes annotate it in place (types,
// resolved identifiers, constant values) or replace subtrees (fold).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cc/loc.h"
#include "cc/types.h"

namespace dtrace::cc {
struct VarInfo;
struct AggInfo;
struct InlineInfo;
struct TranslatorInfo;
}  // namespace dtrace::cc

namespace dtrace::cc::ast {

// Every node kind, once: X(Name) for each (visitor.h expands it too).
// Expressions first (IntLit..Comma), then statements, then top level.
// clang-format off
#define DT_AST_KINDS(X)                                                          \
  X(IntLit) X(StrLit) X(Ident) X(ScopedVar) X(AggRef) X(SymRef) X(Index) X(Call) \
  X(Member) X(Unary) X(Binary) X(Ternary) X(Assign) X(IncDec) X(Cast) X(Sizeof)  \
  X(Offsetof) X(Stringof) X(Xlate) X(Comma)                                      \
  X(ExprStmt) X(IfStmt) X(Block) X(TypeName)                                     \
  X(Clause) X(VarDecl) X(InlineDecl) X(Translator) X(ProviderDecl)
// clang-format on

enum class Kind : uint8_t {
#define DT_AST_KIND(K) K,
  DT_AST_KINDS(DT_AST_KIND)
#undef DT_AST_KIND
};

struct Node {
  explicit Node(Kind k, Loc l) : loc(l), kind_(k) {}
  virtual ~Node() = default;
  Kind kind() const { return kind_; }
  Loc loc;

 private:
  Kind kind_;
};

// Checked downcasts by kind: as<ast::Call>(n) is n as a Call, or null
// when n is null or something else.
template <typename T>
T* as(Node* n) {
  return n != nullptr && n->kind() == T::kKind ? static_cast<T*>(n) : nullptr;
}
template <typename T>
const T* as(const Node* n) {
  return n != nullptr && n->kind() == T::kKind ? static_cast<const T*>(n) : nullptr;
}

// ---- Types as written (declarations, casts, sizeof) ----

// A type name as the parser saw it; the decl pass resolves it to a Type.
struct TypeSpec {
  std::vector<std::string> words;  // "unsigned", "long", "int" / typedef name
  Type::Kind tag_kind = Type::Kind::Void;
  std::string tag;              // struct/union/enum tag ("" = anonymous)
  struct Body* body = nullptr;  // struct/union members or enumerators
  bool is_const = false;
  bool is_volatile = false;
  bool userland = false;
  // Where DTrace checks the specifiers before a struct/union tag (long
  // struct s {, struct a {} struct b {): the '{' of a definition, the
  // name of a reference; after several tags, the first that joined others.
  Loc tag_loc;
  // An anonymous struct/union/enum already defined (struct { ... } v;):
  // the declaration pass reuses it instead of the body.
  const Type* defined = nullptr;
};

// What a declarator adds to a TypeSpec: pointers, then array dimensions.
struct ArrayDim {
  struct Expr* size = nullptr;         // int a[5]
  std::vector<struct TypeName*> keys;  // int a[string, int]
  std::vector<std::string> key_names;  // inline f[int x]: formal names
};
struct Declarator {
  std::string name;  // "" for abstract declarators
  Loc loc;
  int pointers = 0;
  std::vector<ArrayDim> dims;
  // A function pointer, (*name)(params): fn_pointers stars; `pointers`
  // then belong to the function's return type.
  int fn_pointers = 0;
  std::vector<struct TypeName*> fn_params;
  // When that return type is itself derived from the base type by a
  // function pointer (int (*(*name)(int))(char)): its declarator, applied
  // to the base type first; `pointers` then belong to its innermost level.
  std::shared_ptr<Declarator> ret;
  // name(params): a C function declaration, which D accepts and ignores.
  bool is_function = false;
  std::vector<struct TypeName*> func_params;
};

struct TypeName : Node {
  static constexpr Kind kKind = Kind::TypeName;
  TypeName(Loc l) : Node(Kind::TypeName, l) {}
  TypeSpec spec;
  Declarator decl;
  const Type* resolved = nullptr;
};

struct Body {
  struct MemberDecl {
    TypeName* type;
    Loc loc;
    struct Expr* bits = nullptr;  // bit-field width
  };
  std::vector<MemberDecl> members;  // struct/union
  struct Enumerator {
    std::string name;
    struct Expr* value;  // may be null
    Loc loc;
  };
  std::vector<Enumerator> enumerators;
};

// ---- Expressions ----

struct Expr : Node {
  using Node::Node;
  const Type* type = nullptr;  // set by typecheck
  bool is_lvalue = false;
  // D's own storage (a variable, a member or element of one) or memory
  // reached through a pointer held in a D variable or made by alloca() or
  // copyin(): stores are allowed; the kernel checks the address at run time.
  bool is_writable = false;
};

// n as an expression (the kinds IntLit through Comma), or null.
inline Expr* as_expr(Node* n) {
  return n != nullptr && n->kind() <= Kind::Comma ? static_cast<Expr*>(n) : nullptr;
}

struct IntLit : Expr {
  static constexpr Kind kKind = Kind::IntLit;
  IntLit(Loc l, uint64_t v) : Expr(Kind::IntLit, l), value(v) {}
  uint64_t value;
  const Type* lit_type = nullptr;  // from the suffix/magnitude (typecheck reads it)
  std::string text;                // as written
};

struct StrLit : Expr {
  static constexpr Kind kKind = Kind::StrLit;
  StrLit(Loc l, std::string v) : Expr(Kind::StrLit, l), value(std::move(v)) {}
  std::string value;  // escapes processed
};

// A bare name: a built-in variable, a global, an inline, an enumerator,
// a function name (callee of Call) or an action name.
struct Ident : Expr {
  static constexpr Kind kKind = Kind::Ident;
  Ident(Loc l, std::string n) : Expr(Kind::Ident, l), name(std::move(n)) {}
  std::string name;
  VarInfo* var = nullptr;  // set by resolve
  bool is_const = false;   // enumerator / inline constant
  int64_t const_value = 0;
  const Type* enum_type = nullptr;            // a kernel (BTF) enumerator's enum
  InlineInfo* inline_def = nullptr;           // a non-constant inline, expanded by codegen
  const TranslatorInfo* xlate_arg = nullptr;  // the input of this translator
  const InlineInfo* param_of = nullptr;       // a parameter of this inline's body
  uint8_t param_index = 0;                    // which one
};

// self->name, this->name
struct ScopedVar : Expr {
  static constexpr Kind kKind = Kind::ScopedVar;
  enum class Scope : uint8_t { Thread, Local };
  ScopedVar(Loc l, Scope s, std::string n) : Expr(Kind::ScopedVar, l), scope(s), name(std::move(n)) {}
  Scope scope;
  std::string name;
  VarInfo* var = nullptr;
};

// @name (name "" = the anonymous aggregation @)
struct AggRef : Expr {
  static constexpr Kind kKind = Kind::AggRef;
  AggRef(Loc l, std::string n) : Expr(Kind::AggRef, l), name(std::move(n)) {}
  std::string name;
  AggInfo* agg = nullptr;
};

// `sym or mod`sym
// `sym or mod`sym: a kernel symbol (resolve fills in the rest), or
// vmlinux`ENUMERATOR.
struct SymRef : Expr {
  static constexpr Kind kKind = Kind::SymRef;
  SymRef(Loc l, std::string t) : Expr(Kind::SymRef, l), text(std::move(t)) {}
  std::string text;
  std::string module, name;         // module "" for `sym
  bool user = false;                // ``sym, mod``sym: in a -c/-p target's memory
  uint64_t addr = 0;                // 0: unresolved under -x knodefs
  const Type* sym_type = nullptr;   // BTF type; Function for functions
  const Type* enum_type = nullptr;  // vmlinux`ENUMERATOR
  int64_t enum_value = 0;
};

// base[a, b]: associative arrays, args[], aggregation keys, C arrays.
struct Index : Expr {
  static constexpr Kind kKind = Kind::Index;
  Index(Loc l, Expr* b, std::vector<Expr*> a) : Expr(Kind::Index, l), base(b), args(std::move(a)) {}
  Expr* base;
  std::vector<Expr*> args;
  // args[n] of probes with typed arguments (typecheck): the expression it
  // stands for, generated instead: the native argument, or its xlate.
  Expr* arg_value = nullptr;
  // Such a native argument: args[] indexed by the native position, read
  // as the type already set in `type`.
  bool native_arg = false;
  // base[i] of a pointer or a C array (typecheck): memory, not a D array.
  bool indexes_memory = false;
};

// name(args): subroutines, actions, aggregating functions.
struct Call : Expr {
  static constexpr Kind kKind = Kind::Call;
  Call(Loc l, std::string n, std::vector<Expr*> a)
      : Expr(Kind::Call, l), name(std::move(n)), args(std::move(a)) {}
  std::string name;
  std::vector<Expr*> args;
  // A subroutine's parameter types (typecheck), which the code generator
  // casts its arguments to as DTrace does; a string is DTrace's char *.
  std::vector<const Type*> param_types;
};

struct Member : Expr {
  static constexpr Kind kKind = Kind::Member;
  Member(Loc l, Expr* b, std::string m, bool arrow)
      : Expr(Kind::Member, l), base(b), member(std::move(m)), arrow(arrow) {}
  Expr* base;
  std::string member;
  bool arrow;
  uint32_t offset = 0;            // set by typecheck
  uint8_t bit_off = 0, bits = 0;  // a bit-field (Type::Member)
  // A member of a translated struct (typecheck): the translator's
  // expression for it, computed from xlate_input instead of a load.
  struct Expr* xlate_value = nullptr;
  struct Xlate* xlate_input = nullptr;
  // When xlate_input comes from another translated member's expression
  // (curpsinfo->pr_lwp.pr_name), that member: its input is set up first.
  Member* xlate_context = nullptr;
};

enum class Op : uint8_t {
  // unary
  Neg,
  Plus,
  BitNot,
  LogNot,
  Deref,
  AddrOf,
  // binary
  Mul,
  Div,
  Mod,
  Add,
  Sub,
  Shl,
  Shr,
  Lt,
  Gt,
  Le,
  Ge,
  Eq,
  Ne,
  BitAnd,
  BitXor,
  BitOr,
  LogAnd,
  LogXor,
  LogOr,
  // assignment ("Assign" = plain '=')
  Assign,
};
const char* op_text(Op op);

// Whether the object e designates (``sym, *p, p->m, s.m, a[i]) lies in a
// -c/-p target's memory: a user symbol, reached through a user pointer,
// or part of a user struct or array that is. Needs the types typecheck
// gives.
bool in_user_memory(const Expr* e);
// An lvalue in memory (after typecheck): p->m, v.m, *p, p[i]; a store
// there goes through its address, not a D variable's store opcode.
bool is_place(const Expr* e);

// e as a use of a parameterized inline (name[args]), or null.
const struct Index* as_inline_use(const Expr* e);

// The aggregation e names as an assignment's target (@a or @a[keys]), or null.
inline AggRef* agg_target(Expr* e) {
  if (auto* ix = as<Index>(e)) e = ix->base;
  return as<AggRef>(e);
}

struct Unary : Expr {
  static constexpr Kind kKind = Kind::Unary;
  Unary(Loc l, Op o, Expr* e) : Expr(Kind::Unary, l), op(o), operand(e) {}
  Op op;
  Expr* operand;
};

// An operator between two operands: Binary (lhs op rhs) and Assign.
template <Kind K>
struct OperatorPair : Expr {
  static constexpr Kind kKind = K;
  OperatorPair(Loc l, Op o, Expr* a, Expr* b) : Expr(K, l), op(o), lhs(a), rhs(b) {}
  Op op;
  Expr* lhs;
  Expr* rhs;
};

struct Binary : OperatorPair<Kind::Binary> {
  using OperatorPair::OperatorPair;
};

struct Ternary : Expr {
  static constexpr Kind kKind = Kind::Ternary;
  Ternary(Loc l, Expr* c, Expr* a, Expr* b) : Expr(Kind::Ternary, l), cond(c), then(a), other(b) {}
  Expr* cond;
  Expr* then;
  Expr* other;
};

// lhs = rhs, lhs op= rhs (op is the arithmetic operator, Assign for '=')
struct Assign : OperatorPair<Kind::Assign> {
  using OperatorPair::OperatorPair;
};

struct IncDec : Expr {
  static constexpr Kind kKind = Kind::IncDec;
  IncDec(Loc l, Expr* e, bool inc, bool post)
      : Expr(Kind::IncDec, l), operand(e), increment(inc), postfix(post) {}
  Expr* operand;
  bool increment;
  bool postfix;
};

// An operand made a value of a named type: Cast and Xlate.
template <Kind K>
struct Conversion : Expr {
  static constexpr Kind kKind = K;
  Conversion(Loc l, TypeName* t, Expr* e) : Expr(K, l), to(t), operand(e) {}
  TypeName* to;
  Expr* operand;
};

// (type)expr
struct Cast : Conversion<Kind::Cast> {
  using Conversion::Conversion;
};

// sizeof(type) or sizeof expr
struct Sizeof : Expr {
  static constexpr Kind kKind = Kind::Sizeof;
  Sizeof(Loc l, TypeName* t, Expr* e) : Expr(Kind::Sizeof, l), of_type(t), operand(e) {}
  TypeName* of_type;
  Expr* operand;
  uint64_t value = 0;  // set by typecheck
};

struct Offsetof : Expr {
  static constexpr Kind kKind = Kind::Offsetof;
  Offsetof(Loc l, TypeName* t, std::string m) : Expr(Kind::Offsetof, l), of_type(t), member(std::move(m)) {}
  TypeName* of_type;
  std::string member;
  uint64_t value = 0;  // set by typecheck
};

struct Stringof : Expr {
  static constexpr Kind kKind = Kind::Stringof;
  Stringof(Loc l, Expr* e) : Expr(Kind::Stringof, l), operand(e) {}
  Expr* operand;
};

// xlate <type>(expr)
struct Xlate : Conversion<Kind::Xlate> {
  using Conversion::Conversion;
  TranslatorInfo* xlator = nullptr;  // set by typecheck
};

struct Comma : Expr {
  static constexpr Kind kKind = Kind::Comma;
  Comma(Loc l, Expr* a, Expr* b) : Expr(Kind::Comma, l), lhs(a), rhs(b) {}
  Expr* lhs;
  Expr* rhs;
};

// ---- Statements ----

struct Stmt : Node {
  using Node::Node;
};

struct ExprStmt : Stmt {
  static constexpr Kind kKind = Kind::ExprStmt;
  ExprStmt(Loc l, Expr* e) : Stmt(Kind::ExprStmt, l), expr(e) {}
  Expr* expr;
};

struct Block : Stmt {
  static constexpr Kind kKind = Kind::Block;
  Block(Loc l) : Stmt(Kind::Block, l) {}
  std::vector<Stmt*> stmts;
};

struct IfStmt : Stmt {
  static constexpr Kind kKind = Kind::IfStmt;
  IfStmt(Loc l, Expr* c, Block* t, Block* e) : Stmt(Kind::IfStmt, l), cond(c), then(t), other(e) {}
  Expr* cond;
  Block* then;
  Block* other;  // may be null
};

// ---- Top level ----

struct ProbeDesc {
  std::string text;  // as written ($macros expanded)
  Loc loc;
};

struct Clause : Node {
  static constexpr Kind kKind = Kind::Clause;
  Clause(Loc l) : Node(Kind::Clause, l) {}
  std::vector<ProbeDesc> probes;
  Expr* pred = nullptr;
  Block* body = nullptr;  // null: a bare description
  uint32_t index = 0;     // statement number in the program
  Loc end_loc;            // its closing '}', where DTrace checks the predicate
};

enum class StorageClass : uint8_t { None, Self, This, Extern, Static, Register, Typedef, Auto };

// [class] type declarator, declarator...;
struct VarDecl : Node {
  static constexpr Kind kKind = Kind::VarDecl;
  VarDecl(Loc l) : Node(Kind::VarDecl, l) {}
  StorageClass storage = StorageClass::None;
  TypeSpec spec;
  std::vector<Declarator> decls;
};

// inline type name = expr;
struct InlineDecl : Node {
  static constexpr Kind kKind = Kind::InlineDecl;
  InlineDecl(Loc l) : Node(Kind::InlineDecl, l) {}
  TypeSpec spec;
  Declarator decl;
  Expr* value = nullptr;
};

// translator out < in name > { member = expr; ... };
struct Translator : Node {
  static constexpr Kind kKind = Kind::Translator;
  Translator(Loc l) : Node(Kind::Translator, l) {}
  TypeName* out = nullptr;
  TypeName* in = nullptr;
  std::string arg;
  struct Member {
    std::string name;
    Expr* value;
    Loc loc;
  };
  std::vector<Member> members;
};

// provider name { probe p(args) [: (xargs)]; ... };
struct ProviderDecl : Node {
  static constexpr Kind kKind = Kind::ProviderDecl;
  ProviderDecl(Loc l) : Node(Kind::ProviderDecl, l) {}
  std::string name;
  struct Probe {
    std::string name;
    std::vector<TypeName*> args;
    std::vector<TypeName*> xargs;
    Loc loc;
  };
  std::vector<Probe> probes;
};

struct Pragma {
  std::string text;  // after "#pragma", trimmed
  Loc loc;
};

struct Program {
  std::vector<Node*> items;  // clauses and declarations, in order
  std::vector<Pragma> pragmas;
};

}  // namespace dtrace::cc::ast
