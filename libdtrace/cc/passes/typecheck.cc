#include "cc/passes/typecheck.h"

#include "cc/builtins.h"
#include "cc/passes/args.h"
#include "cc/passes/decl.h"
#include "cc/passes/fold.h"
#include "cc/passes/resolve.h"
#include "cc/passes/xlate.h"
#include "cc/visitor.h"

#include <optional>
#include <unordered_map>

namespace dtrace::cc {

const Type* type_from_string(TypeTable& types, const std::string& name) {
  std::string n = name;
  int ptrs = 0;
  while (!n.empty() && (n.back() == '*' || n.back() == ' ')) {
    if (n.back() == '*') ptrs++;
    n.pop_back();
  }
  const Type* t = nullptr;
  if (n.rfind("struct ", 0) == 0) t = types.lookup_tag(Type::Kind::Struct, n.substr(7));
  else t = types.lookup(n);
  if (t == nullptr) t = types.int64();
  for (int i = 0; i < ptrs; i++) t = types.pointer_to(t);
  return t;
}

bool is_strcompat(const Type* t) {
  if (t->is_string()) return true;
  const Type* b = t->base;
  if ((t->is_pointer() || t->kind == Type::Kind::Array) && b && b->is_int() && b->size == 1) return true;
  return false;
}

bool is_null_const(ast::Expr* e, const Type* t) {
  if (!t->is_int()) return false;
  if (auto* id = ast::as<ast::Ident>(e); id != nullptr && id->is_const) return id->const_value == 0;
  auto* lit = ast::as<ast::IntLit>(e);
  return lit != nullptr && lit->value == 0;
}

bool assignable(const Type* to, const Type* from) {
  if (to->is_int()) return from->is_int();
  if (to->is_string()) return from->is_string();
  // An array stands for its first element's address, as in C.
  if (to->is_pointer()) return from->is_pointer() || from->is_int() || from->kind == Type::Kind::Array;
  if (to->is_sou()) return to == from;
  if (to->is_float()) return from->is_float() && from->size == to->size;  // D converts no float
  return false;
}

namespace {

using ast::Kind;
using ast::Op;

bool is_bitfield(const ast::Expr* e) {
  auto* m = ast::as<ast::Member>(e);
  return m != nullptr && m->bits != 0;
}
// Messages of operators, each reported in more than one place.
std::string not_integral(const char* op) {
  return cat("operator ", op, " requires operands of integral type");
}
std::string not_lvalue(const char* op) {
  return cat("operator ", op, " requires modifiable lvalue as an operand");
}
std::string array_operand(const char* op, const Type* t) {
  return cat("operator ", op, " may not be applied to operand of type \"", t->name, "\"");
}
std::string not_writable(const char* op) {
  return cat("operator ", op, " can only be applied to a writable variable");
}
// D_OP_INCOMPAT for a store of a value into a place of type `to`.
std::string incompatible(const char* op, const Type* to, const Type* value) {
  return cat("operands have incompatible types: \"", to->name, "\" ", op, " \"", value->name, "\"");
}
// The D variable e names (x, self->x, this->x), or null.
VarInfo* var_of(ast::Expr* e) {
  if (auto* id = ast::as<ast::Ident>(e)) return id->var;
  if (auto* sv = ast::as<ast::ScopedVar>(e)) return sv->var;
  return nullptr;
}
ast::Xlate* translated(ast::Expr* base, ast::Member** context);

// e (of type t) is xlate<T *>(...), directly or through inlines
// (curpsinfo): a pointer to data that exists only translated, member by
// member, so it has no address to cast or to key on.
bool is_translated_pointer(ast::Expr* e, const Type* t) {
  ast::Member* context = nullptr;
  return t->is_pointer() && translated(e, &context) != nullptr && context == nullptr;
}
std::string translated_key(const char* kind, size_t key) {
  return cat("pointer to translated data expression may not be used as ", kind, " index: key #", key);
}

// Memory a pointer points to is writable when the pointer is held in D's
// own storage or comes from alloca() or copyin(); the kernel refuses, at
// run time, a store anywhere but scratch and variable storage.
bool points_to_writable(const ast::Expr* p) {
  while (auto* c = ast::as<ast::Cast>(p)) p = c->operand;
  if (p->is_writable) return true;
  auto* call = ast::as<ast::Call>(p);
  return call != nullptr && (call->name == "alloca" || call->name == "copyin");
}

// Gives each expression its type (Expr::type) bottom up; visit_X
// returns the type of an X, check() records it. Stops at the first error.
class Checker : public Visitor<Checker, const Type*> {
 public:
  explicit Checker(CompileContext& c) : ctx_(c), types_(c.types) {}

  bool run();
  const Type* expr(ast::Expr* e) {
    const Type* t = check(e);
    report_cg_expr();
    return failed_ ? nullptr : t;
  }

  const Type* visit_node(ast::Node& n) {
    return fail(n.loc, ErrTag::D_UNKNOWN, "unexpected node in expression");
  }
  const Type* visit_IntLit(ast::IntLit& n) { return n.lit_type; }
  const Type* visit_StrLit(ast::StrLit&) { return types_.string_type(); }
  const Type* visit_Ident(ast::Ident& n) { return check_ident(n); }
  const Type* visit_ScopedVar(ast::ScopedVar& n);
  const Type* visit_AggRef(ast::AggRef& n) {
    return fail(n.loc, ErrTag::D_AGG_SCALAR, "aggregations may not be used in expressions");
  }
  const Type* visit_SymRef(ast::SymRef& n);
  const Type* visit_Index(ast::Index& n) { return check_index(n, false, nullptr); }
  const Type* visit_Call(ast::Call& n) { return check_call(n, stmt_); }
  const Type* visit_Member(ast::Member& n) { return check_member(n); }
  const Type* visit_Unary(ast::Unary& n) { return check_unary(n); }
  const Type* visit_Binary(ast::Binary& n) { return check_binary(n); }
  const Type* visit_Ternary(ast::Ternary& n);
  const Type* visit_Assign(ast::Assign& n) { return check_assign(n, stmt_); }
  const Type* visit_IncDec(ast::IncDec& n);
  const Type* visit_Cast(ast::Cast& n) { return check_cast(n); }
  const Type* visit_Sizeof(ast::Sizeof& n);
  const Type* visit_Offsetof(ast::Offsetof& n);
  const Type* visit_Stringof(ast::Stringof& n);
  const Type* visit_Xlate(ast::Xlate& n) { return check_xlate(n); }
  const Type* visit_Comma(ast::Comma& n) {
    check(n.lhs);
    return check(n.rhs);
  }
  // Statements have no type: null.
  const Type* visit_ExprStmt(ast::ExprStmt& s) {
    check(s.expr, true);
    report_cg_expr();
    return nullptr;
  }
  const Type* visit_IfStmt(ast::IfStmt& s);
  const Type* visit_Block(ast::Block& b);

 private:
  // e's type, also stored in e->type; stmt: e is a statement of its own.
  const Type* check(ast::Expr* e, bool stmt = false);
  const Type* check_ident(ast::Ident& n);
  const Type* check_index(ast::Index& n, bool defining, const Type* value);
  const Type* check_inline_use(ast::Index& n, InlineInfo* in);
  const Type* check_args(ast::Index& n);
  const Type* check_call(ast::Call& n, bool stmt);
  bool agg_action_arg(ast::Call& n);
  const Type* check_record_arg(ast::Expr* a);
  const Type* action_in_expr(ast::Call& n);
  void report_cg_expr();
  const Type* check_unary(ast::Unary& n);
  const Type* check_binary(ast::Binary& n);
  const Type* check_assign(ast::Assign& n, bool stmt);
  const Type* check_agg_assign(ast::Assign& n);
  const Type* check_member(ast::Member& n);
  const Type* check_cast(ast::Cast& n);
  const Type* check_xlate(ast::Xlate& n);
  bool store_to(ast::Expr* lhs, const Type* value, const char* op, Loc loc);
  bool store_to_place(ast::Expr* lhs, const Type* value, const char* op, Loc loc);
  bool check_keys(VarInfo* v, ast::Index& n, const std::string& what);
  bool key_ok(ast::Expr* k, const Type* t, const char* kind, const std::string& what, size_t key);
  bool keys_agree(std::vector<const Type*>& keys, bool& keys_known, const std::vector<const Type*>& kt,
                  Loc loc, const std::vector<ast::Expr*>& args, const std::string& what);

  // fail() for the checks that answer yes or no.
  bool rejected(Loc loc, ErrTag tag, std::string msg) {
    fail(loc, tag, std::move(msg));
    return false;
  }
  const Type* fail(Loc loc, ErrTag tag, std::string msg) {
    if (!failed_) ctx_.error(loc, tag, std::move(msg));
    failed_ = true;
    return types_.void_type();
  }

  CompileContext& ctx_;
  TypeTable& types_;
  bool stmt_ = false;     // the expression dispatched is a statement (check())
  bool agg_rhs_ = false;  // checking the right side of @x = f(...)
  bool failed_ = false;
  bool zero_store_ = false;  // the value being stored is the constant 0
  size_t clause_ = 0;        // index of the clause being checked (ctx_.plans)
  bool in_clause_ = false;
  std::vector<ClauseArgs> clause_args_;
  std::optional<Loc> cg_expr_loc_;  // an action used as a value (action_in_expr), not yet reported
  std::string cg_expr_;
};

// D_IDENT_BADREF in DTrace's words.
static std::string array_as_scalar(std::string_view name) {
  return cat("associative array '", name, "' may not be referenced as scalar");
}

// D_ARR_BADREF in DTrace's words.
static std::string scalar_as_array(std::string_view name) {
  return cat("cannot access scalar ", name, " as an associative array");
}

const Type* Checker::check_ident(ast::Ident& n) {
  if (n.enum_type != nullptr) return n.enum_type;
  if (n.is_const) {
    InlineInfo* in = ctx_.idents.find_inline(n.name);
    return in && in->type ? in->type : types_.int_type();
  }
  if (n.xlate_arg != nullptr) return n.xlate_arg->in;
  if (n.param_of != nullptr) return n.param_of->param_types[n.param_index];
  if (n.inline_def != nullptr) {
    if (!complete_inline(ctx_, n.inline_def)) return failed_ = true, types_.void_type();
    return n.inline_def->type;
  }
  VarInfo* v = n.var;
  if (v == nullptr) return fail(n.loc, ErrTag::D_IDENT_UNDEF, unknown_name(n.name, "variable"));
  if (v->scope == VarScope::Builtin) {
    const BuiltinVar* b = find_builtin_var(v->name);
    if (b->is_array) return fail(n.loc, ErrTag::D_IDENT_BADREF, cat(n.name, "[ ] must be indexed"));
    n.is_lvalue = false;
    return type_from_string(types_, b->type);
  }
  if (v->is_array) return fail(n.loc, ErrTag::D_IDENT_BADREF, array_as_scalar(n.name));
  if (v->type == nullptr) return fail(n.loc, ErrTag::D_IDENT_UNDEF, unknown_name(n.name, "variable"));
  n.is_lvalue = true;
  n.is_writable = true;
  return v->type;
}

// Key number key of what[ ] (of an associative array or aggregation: kind)
// has type t: neither a translated pointer nor void; a struct or a union
// only for an associative array (its bytes are the key, as in DTrace).
bool Checker::key_ok(ast::Expr* k, const Type* t, const char* kind, const std::string& what, size_t key) {
  if (is_translated_pointer(k, t)) return rejected(k->loc, ErrTag::D_KEY_TYPE, translated_key(kind, key));
  bool assoc = std::string_view(kind) == "associative array";
  if (t->is_void() || (t->is_sou() && (!assoc || t->size == 0)))
    return rejected(k->loc, ErrTag::D_KEY_TYPE, cat(what, "[ ] key #", key, " has invalid type ", t->name));
  return true;
}

// The key types kt of what[args] against those of its first use (keys),
// or they become them.
bool Checker::keys_agree(std::vector<const Type*>& keys, bool& keys_known, const std::vector<const Type*>& kt,
                         Loc loc, const std::vector<ast::Expr*>& args, const std::string& what) {
  if (!keys_known) {
    keys = kt;
    keys_known = true;
    return true;
  }
  if (keys.size() != kt.size())
    return rejected(loc, ErrTag::D_PROTO_LEN, proto_len(cat(what, "[ ]"), kt.size(), keys.size()));
  for (size_t i = 0; i < kt.size(); i++) {
    if (!assignable(keys[i], kt[i]))
      return rejected(args[i]->loc, ErrTag::D_PROTO_ARG,
                      proto_key(cat(what, "[ ]"), i + 1, keys[i]->name, kt[i]->name));
  }
  return true;
}

bool Checker::check_keys(VarInfo* v, ast::Index& n, const std::string& what) {
  std::vector<const Type*> kt;
  for (ast::Expr* a : n.args) {
    const Type* t = check(a);
    if (failed_ || !key_ok(a, t, "associative array", what, kt.size() + 1)) return false;
    kt.push_back(t->is_int() ? types_.promote(t) : t);
  }
  return keys_agree(v->keys, v->keys_known, kt, n.loc, n.args, what);
}

// f[args] of a parameterized inline: the arguments against its
// parameters, as an associative array's keys against its declaration.
const Type* Checker::check_inline_use(ast::Index& n, InlineInfo* in) {
  size_t want = in->params.size();
  if (n.args.size() != want)
    return fail(n.loc, ErrTag::D_PROTO_LEN, proto_len(cat(in->name, "[ ]"), n.args.size(), want));
  for (size_t i = 0; i < want; i++) {
    const Type* t = check(n.args[i]);
    if (failed_) return t;
    const Type* p = in->param_types[i];
    bool ok = p->is_string() ? is_strcompat(t) : assignable(p, t);
    if (!ok)
      return fail(n.args[i]->loc, ErrTag::D_PROTO_ARG,
                  proto_key(cat(in->name, "[ ]"), i + 1, p->name, t->name));
  }
  if (!complete_inline(ctx_, in)) return failed_ = true, types_.void_type();
  return in->type;
}

const Type* Checker::check_index(ast::Index& n, bool defining, const Type* value) {
  ast::Expr* base = n.base;
  auto* id = ast::as<ast::Ident>(base);
  if (id != nullptr && id->inline_def != nullptr) {
    if (defining) return fail(n.loc, ErrTag::D_OP_WRITE, cat(id->name, "[ ] is not writable"));
    return check_inline_use(n, id->inline_def);
  }
  VarInfo* v = var_of(base);
  if (base->kind() == Kind::AggRef)
    return fail(n.loc, ErrTag::D_AGG_SCALAR, "aggregations may not be used in expressions");
  if (v != nullptr && v->scope != VarScope::Builtin && !v->is_array && v->type != nullptr &&
      (v->type->is_pointer() || v->type->kind == Type::Kind::Array || v->type->is_string()))
    v = nullptr;  // this->p[i], s[i]: indexes what the variable points to or holds
  if (v == nullptr) {
    // C pointer/array indexing: base[i]
    const Type* bt = check(base);
    if (failed_) return bt;
    if ((bt->is_pointer() || bt->kind == Type::Kind::Array || bt->is_string()) && n.args.size() == 1) {
      const Type* it = check(n.args[0]);
      if (!it->is_int()) return fail(n.loc, ErrTag::D_OP_INT, "operator [ ] index must be an integer");
      if (bt->is_string()) {
        // A string is its characters (DTrace's is a char array of strsize):
        // s[i] reads one, and an index past strsize faults.
        n.is_lvalue = true;
        n.indexes_memory = true;
        return types_.char_type();
      }
      if (bt->base == nullptr || bt->base->is_void())
        return fail(n.loc, ErrTag::D_DEREF_VOID, "cannot dereference pointer to void");
      // A constant index past a C array's end (unsigned: -1 is past it too);
      // a flexible array member (no elements) has no end.
      std::optional<int64_t> ix =
          bt->kind == Type::Kind::Array && bt->nelems != 0 ? eval_const(ctx_, n.args[0]) : std::nullopt;
      if (ix && static_cast<uint64_t>(*ix) >= bt->nelems)
        return fail(n.loc, ErrTag::D_ARR_BOUNDS,
                    cat("index outside array bounds: ", static_cast<uint64_t>(*ix), ", max is ", bt->nelems));
      n.is_lvalue = true;
      n.is_writable = bt->is_pointer() ? points_to_writable(base) : base->is_writable;
      n.indexes_memory = true;
      return bt->base;
    }
    if (VarInfo* sv = var_of(base); sv != nullptr && !sv->is_array)
      return fail(n.loc, ErrTag::D_ARR_BADREF, scalar_as_array(sv->display()));
    return fail(n.loc, ErrTag::D_ARR_BADREF, "operator [ ] cannot be applied to a non-array expression");
  }
  if (v->scope == VarScope::Builtin) {
    if (!v->is_array) return fail(n.loc, ErrTag::D_ARR_BADREF, cat(v->name, " is not an array"));
    if (defining) return fail(n.loc, ErrTag::D_OP_WRITE, cat(v->name, "[ ] is not writable"));
    if (n.args.size() != 1)
      return fail(n.loc, ErrTag::D_PROTO_LEN, proto_len(cat(v->name, "[ ]"), n.args.size(), 1));
    const Type* it = check(n.args[0]);
    if (!it->is_int())
      return fail(n.loc, ErrTag::D_PROTO_ARG, proto_arg(cat(v->name, "[ ]"), 1, "int", it->name));
    if (v->name == "args") return check_args(n);
    const BuiltinVar* b = find_builtin_var(v->name);
    return type_from_string(types_, b->type);
  }
  if (!v->is_array) return fail(n.loc, ErrTag::D_ARR_BADREF, scalar_as_array(v->display()));
  if (!check_keys(v, n, v->display())) return types_.void_type();
  if (v->type == nullptr) {
    if (!defining) return fail(n.loc, ErrTag::D_IDENT_UNDEF, unknown_name(v->display(), "variable"));
    v->type = value;
  }
  n.is_lvalue = true;
  n.is_writable = true;
  return v->type;
}

// args[n] of typed probes: the native argument, or its translation.
const Type* Checker::check_args(ast::Index& n) {
  if (n.native_arg) return n.type;
  // An inline's or translator's expression is typed once, for every use.
  if (!in_clause_)
    return fail(n.loc, ErrTag::D_ARGS_NONE, "args[ ] may not be referenced outside of a probe clause");
  if (clause_ >= ctx_.plans.size()) return types_.int64();
  if (clause_args_.size() <= clause_) clause_args_.resize(clause_ + 1);
  ClauseArgs& ca = clause_args_[clause_];
  if (!ca.loaded && !load_clause_args(ctx_, ctx_.plans[clause_].specs, n.loc, ca))
    return failed_ = true, types_.void_type();
  if (!ca.typed) return types_.int64();
  std::optional<int64_t> idx = eval_const(ctx_, n.args[0]);
  if (!idx)
    return fail(n.loc, ErrTag::D_PROTO_ARG, proto_arg("args[ ]", 1, "integer constant", "an expression"));
  if (*idx < 0 || static_cast<uint64_t>(*idx) >= ca.args.size())
    return fail(n.loc, ErrTag::D_ARGS_IDX,
                cat("index ", *idx, " is out of range for ", ca.probe, " args[ ] (", ca.args.size(),
                    " argument", ca.args.size() == 1 ? "" : "s", ")"));
  const ProbeArg& a = ca.args[*idx];
  const Type* native = arg_type(types_, a.native);
  if (native == nullptr)
    return fail(n.loc, ErrTag::D_ARGS_TYPE,
                cat("failed to resolve native type for ", ca.probe, " args[", *idx, "]: ", a.native));
  auto* lit = ctx_.make<ast::IntLit>(n.loc, a.mapping);
  lit->type = lit->lit_type = types_.int_type();
  auto* raw = ctx_.make<ast::Index>(n.loc, n.base, std::vector<ast::Expr*>{lit});
  raw->native_arg = true;
  raw->type = native;
  n.arg_value = raw;
  if (a.xlate.empty()) return native;
  const Type* to = arg_type(types_, a.xlate);
  const Type* out = to ? xlate_output(to) : nullptr;
  if (out == nullptr)
    return fail(n.loc, ErrTag::D_ARGS_TYPE,
                cat("failed to resolve translated type for ", ca.probe, " args[", *idx, "]: ", a.xlate));
  auto* x = ctx_.make<ast::Xlate>(n.loc, nullptr, raw);
  x->xlator = find_translator(ctx_, out, native, n.loc, ErrTag::D_ARGS_XLATOR);
  if (x->xlator == nullptr) return failed_ = true, types_.void_type();
  x->type = to;
  n.arg_value = x;
  return to;
}

// clear(), normalize(), denormalize() and trunc() take an aggregation
// first: anything else, an aggregating function's call too, is refused
// with their tag before it is checked as an expression.
bool Checker::agg_action_arg(ast::Call& n) {
  ErrTag tag = n.name == "clear"                                  ? ErrTag::D_CLEAR_AGGARG
               : n.name == "normalize" || n.name == "denormalize" ? ErrTag::D_NORMALIZE_AGGARG
               : n.name == "trunc"                                ? ErrTag::D_TRUNC_AGGARG
                                                                  : ErrTag::D_UNKNOWN;
  if (tag == ErrTag::D_UNKNOWN || n.args.empty() || n.args[0]->kind() == Kind::AggRef) return true;
  auto* call = ast::as<ast::Call>(n.args[0]);
  const Type* t = call != nullptr && (find_action(call->name) || find_aggfunc(call->name))
                      ? types_.void_type()
                      : check(n.args[0]);
  if (failed_) return false;
  fail(n.loc, tag, proto_arg(cat(n.name, "( )"), 1, "aggregation", t->name));
  return false;
}

const Type* Checker::check_call(ast::Call& n, bool stmt) {
  bool agg_rhs = agg_rhs_;
  agg_rhs_ = false;
  if (find_action(n.name) || find_aggfunc(n.name)) {
    bool traces = n.name == "trace" || n.name == "print";
    auto* inner_call = n.args.empty() ? nullptr : ast::as<ast::Call>(n.args[0]);
    if (stmt && traces && inner_call != nullptr) {
      const std::string& inner = inner_call->name;
      if (find_action(inner) || find_aggfunc(inner))  // an action's value is void
        return fail(n.loc, n.name == "trace" ? ErrTag::D_TRACE_VOID : ErrTag::D_PRINT_VOID,
                    cat(n.name, "( ) may not be applied to a void expression"));
    }
    if (!stmt) return action_in_expr(n);
    if (!find_action(n.name) && !agg_rhs)  // an aggregating function outside @x = ...
      return fail(n.loc, ErrTag::D_AGG_FUNC,
                  cat("aggregating function ", n.name, "( ) may only be assigned to an aggregation"));
    if (!agg_action_arg(n)) return types_.void_type();
    bool record_args = n.name == "printf" || n.name == "printa" || n.name == "system" || n.name == "freopen";
    for (ast::Expr* a : n.args)
      if (a->kind() == Kind::AggRef) a->type = types_.void_type();
      else if (record_args) check_record_arg(a);
      else check(a);
    return types_.void_type();
  }
  const SubrProto* p = find_subr(n.name);
  if (p == nullptr) return fail(n.loc, ErrTag::D_IDENT_UNDEF, unknown_name(n.name, "function"));
  if (!p->available) return fail(n.loc, ErrTag::D_FUNC_UNDEF, cat(n.name, "( ) is not available on Linux"));
  int argc = static_cast<int>(n.args.size());
  if (argc < p->min_args || argc > p->max_args) {
    return fail(n.loc, ErrTag::D_PROTO_LEN,
                arity_mismatch(cat(n.name, "( )"), argc, p->min_args, p->max_args));
  }
  for (int i = 0; i < argc; i++) {
    const Type* t = check(n.args[i]);
    if (failed_) return t;
    std::string proto = p->params[i];
    // A string parameter takes NULL (constant 0) as a char * does in
    // DTrace: strtok(NULL, ",") continues tokenizing. A void * takes a
    // string or an array by its address (bcopy(copyinstr(p), a, 8)).
    bool ok = proto == "string"   ? is_strcompat(t) || is_null_const(n.args[i], t)
              : proto == "void *" ? (t->is_scalar() || t->is_string() || t->kind == Type::Kind::Array)
                                  : (t->is_int() || (proto == "uintptr_t" && t->is_pointer()));
    if (!ok)
      return fail(n.args[i]->loc, ErrTag::D_PROTO_ARG, proto_arg(cat(n.name, "( )"), i + 1, proto, t->name));
    n.param_types.push_back(type_from_string(types_, proto == "string" ? "char *" : proto));
  }
  return type_from_string(types_, p->ret);
}

// An action or aggregating function called inside an expression is typed
// as DTrace types it: its arguments against its prototype, its value
// void, so the expression around it refuses the void operand with its
// own tag. What accepts a void (a comma, an assignment) reaches the code
// generator's refusal, D_CG_EXPR, reported after the statement.
const Type* Checker::action_in_expr(ast::Call& n) {
  const ActionProto* ap = find_action(n.name);
  if (ap == nullptr) ap = find_aggfunc(n.name);
  int argc = static_cast<int>(n.args.size());
  if (argc < ap->min_args || (ap->max_args >= 0 && argc > ap->max_args))
    return fail(n.loc, ErrTag::D_PROTO_LEN,
                arity_mismatch(cat(n.name, "( )"), argc, ap->min_args, ap->max_args));
  for (ast::Expr* a : n.args)
    if (a->kind() == Kind::AggRef) a->type = types_.void_type();
    else check_record_arg(a);
  if (failed_) return types_.void_type();
  if (!cg_expr_loc_) {
    const char* what = find_aggfunc(n.name) ? "aggregating function" : "tracing function";
    cg_expr_loc_ = n.loc;
    cg_expr_ =
        cat(what, " ", n.name, "( ) may not be called from a D expression (D program context required)");
  }
  return types_.void_type();
}

// The D_CG_EXPR action_in_expr() left for the end of a statement.
void Checker::report_cg_expr() {
  if (cg_expr_loc_ && !failed_) fail(*cg_expr_loc_, ErrTag::D_CG_EXPR, cg_expr_);
  cg_expr_loc_.reset();
}

// An argument that may be a stack()/sym()-like value (aggregation keys,
// printf arguments): typed uint64_t here; the actions pass records it
// with the stack or symbol action kind.
const Type* Checker::check_record_arg(ast::Expr* a) {
  auto* c = ast::as<ast::Call>(a);
  if (c != nullptr && is_stack_or_symbol(c->name)) {
    for (ast::Expr* x : c->args) check(x);
    a->type = types_.uint64();
    return a->type;
  }
  if (c != nullptr && (find_action(c->name) || find_aggfunc(c->name))) {
    a->type = types_.void_type();  // printf("%s", printf("x")): the format check refuses a void
    return a->type;
  }
  return check(a);
}

const Type* Checker::check_unary(ast::Unary& n) {
  // &@a: an aggregation is a dynamic variable, refused before it is typed.
  if (n.op == Op::AddrOf && ast::agg_target(n.operand) != nullptr)
    return fail(n.loc, ErrTag::D_ADDROF_VAR, "cannot take address of dynamic variable");
  const Type* t = check(n.operand);
  if (failed_) return t;
  const char* op = ast::op_text(n.op);
  switch (n.op) {
    case Op::Neg:
    case Op::Plus:
      if (!t->is_int())
        return fail(n.loc, ErrTag::D_OP_ARITH,
                    cat("operator ", op, " requires an operand of arithmetic type"));
      return types_.promote(t);
    case Op::BitNot:
      if (!t->is_int())
        return fail(n.loc, ErrTag::D_OP_INT, cat("operator ", op, " requires an operand of integral type"));
      return types_.promote(t);
    case Op::LogNot:
      if (!t->is_scalar())
        return fail(n.loc, ErrTag::D_OP_SCALAR, cat("operator ", op, " requires an operand of scalar type"));
      return types_.int_type();
    case Op::Deref:
      if (!t->is_pointer() && t->kind != Type::Kind::Array)
        return fail(n.loc, ErrTag::D_DEREF_NONPTR, "cannot dereference non-pointer type");
      if (t->base == nullptr || t->base->is_void())
        return fail(n.loc, ErrTag::D_DEREF_VOID, "cannot dereference pointer to void");
      if (t->base->kind == Type::Kind::Function)
        return fail(n.loc, ErrTag::D_DEREF_NONPTR, "cannot dereference pointer to function");
      n.is_lvalue = true;
      n.is_writable = t->is_pointer() ? points_to_writable(n.operand) : n.operand->is_writable;
      return t->base;
    case Op::AddrOf:
      if (is_bitfield(n.operand))
        return fail(n.loc, ErrTag::D_ADDROF_BITFIELD, "cannot take address of bit-field");
      // &a[i] of a D array (int a[5]) is the element's address in the
      // variable's storage, as in DTrace; &a and &assoc[k] are refused.
      if (n.operand->kind() == Kind::Ident || n.operand->kind() == Kind::ScopedVar ||
          (ast::as<ast::Index>(n.operand) && ast::as<ast::Index>(n.operand)->base->kind() != Kind::Unary &&
           !ast::as<ast::Index>(n.operand)->indexes_memory))
        return fail(n.loc, ErrTag::D_ADDROF_VAR, "cannot take address of dynamic variable");
      if (t->is_pointer() && t->base->kind == Type::Kind::Function && n.operand->kind() == Kind::SymRef)
        return t;  // &`func: the function's address, like `func
      if (!n.operand->is_lvalue)
        return fail(n.loc, ErrTag::D_ADDROF_LVAL, "unacceptable operand for unary & operator");
      return types_.pointer_to(t, t->user_space || ast::in_user_memory(n.operand));
    default: return fail(n.loc, ErrTag::D_UNKNOWN, "bad unary operator");
  }
}

const Type* Checker::check_binary(ast::Binary& n) {
  const Type* a = check(n.lhs);
  if (failed_) return a;
  const Type* b = check(n.rhs);
  if (failed_) return b;
  const char* op = ast::op_text(n.op);
  switch (n.op) {
    case Op::Mul:
    case Op::Div:
    case Op::Mod:
    case Op::BitAnd:
    case Op::BitOr:
    case Op::BitXor:
      if (!a->is_int() || !b->is_int()) return fail(n.loc, ErrTag::D_OP_INT, not_integral(op));
      return types_.arith_result(a, b);
    case Op::Shl:
    case Op::Shr:
      if (!a->is_int() || !b->is_int()) return fail(n.loc, ErrTag::D_OP_INT, not_integral(op));
      return types_.promote(a);
    case Op::Add:
    case Op::Sub:
      if (a->is_int() && b->is_int()) return types_.arith_result(a, b);
      if ((a->is_pointer() && a->base && a->base->is_void()) ||
          (b->is_pointer() && b->base && b->base->is_void()))
        return fail(n.loc, ErrTag::D_OP_INCOMPAT,
                    cat("operands have incompatible types: \"", a->name, "\" ", op, " \"", b->name, "\""));
      if (a->is_pointer() && b->is_int()) return a;
      if (n.op == Op::Add && a->is_int() && b->is_pointer()) return b;
      if (n.op == Op::Sub && a->is_pointer() && b->is_pointer()) return types_.long_type();
      return fail(n.loc, ErrTag::D_OP_INCOMPAT,
                  cat("operator ", op, " requires operands of arithmetic or pointer type"));
    case Op::Lt:
    case Op::Gt:
    case Op::Le:
    case Op::Ge:
    case Op::Eq:
    case Op::Ne:
      if ((a->is_scalar() && b->is_scalar()) ||
          (is_strcompat(a) && is_strcompat(b) && (a->is_string() || b->is_string())) ||
          (a->is_string() && is_null_const(n.rhs, b)) || (b->is_string() && is_null_const(n.lhs, a)))
        return types_.int_type();
      return fail(n.loc, ErrTag::D_OP_INCOMPAT,
                  cat("operands have incompatible types: \"", a->name, "\" ", op, " \"", b->name, "\""));
    case Op::LogAnd:
    case Op::LogOr:
    case Op::LogXor:
      if (!a->is_scalar() || !b->is_scalar())
        return fail(n.loc, ErrTag::D_OP_SCALAR, cat("operator ", op, " requires operands of scalar type"));
      return types_.int_type();
    default: return fail(n.loc, ErrTag::D_UNKNOWN, "bad binary operator");
  }
}

// Stores a value of type `value` into lhs; sets the type of a new variable.
// Storing the constant 0 deletes a dynamic variable of any type.
static bool is_zero(const ast::Expr* e) {
  auto* lit = ast::as<ast::IntLit>(e);
  return lit != nullptr && lit->value == 0;
}

// A store into memory (p->m, v.m, *p, p[i]): allowed into D's own
// storage and what alloca() and copyin() return (points_to_writable).
bool Checker::store_to_place(ast::Expr* lhs, const Type* value, const char* op, Loc loc) {
  const Type* t = check(lhs);
  if (failed_) return false;
  if (!lhs->is_lvalue) return rejected(loc, ErrTag::D_OP_LVAL, not_lvalue(op));
  if (!lhs->is_writable) return rejected(loc, ErrTag::D_OP_WRITE, not_writable(op));
  if (t->kind == Type::Kind::Array) return rejected(loc, ErrTag::D_OP_ARRFUN, array_operand(op, t));
  if (!assignable(t, value)) return rejected(loc, ErrTag::D_OP_INCOMPAT, incompatible(op, t, value));
  return true;
}

bool Checker::store_to(ast::Expr* lhs, const Type* value, const char* op, Loc loc) {
  if (lhs->kind() == Kind::Member || lhs->kind() == Kind::Unary) return store_to_place(lhs, value, op, loc);
  VarInfo* v = var_of(lhs);
  if (auto* ixp = ast::as<ast::Index>(lhs)) {
    ast::Index& ix = *ixp;
    const Type* t = check_index(ix, true, value);
    if (failed_) return false;
    if (ix.indexes_memory) return store_to_place(lhs, value, op, loc);
    if (!assignable(t, value) && !(zero_store_ && t->is_string()))
      return rejected(loc, ErrTag::D_OP_INCOMPAT, incompatible(op, t, value));
    lhs->type = t;
    return true;
  }
  if (v == nullptr || v->scope == VarScope::Builtin) {
    check(lhs);
    if (failed_) return false;
    return v ? rejected(loc, ErrTag::D_OP_WRITE, not_writable(op))
             : rejected(loc, ErrTag::D_OP_LVAL, not_lvalue(op));
  }
  if (v->is_array)
    return rejected(loc, ErrTag::D_ARR_BADREF,
                    cat(v->display(), " is an associative array and requires a key"));
  if (v->type == nullptr) v->type = value;
  if (v->type->kind == Type::Kind::Array)
    return rejected(loc, ErrTag::D_OP_ARRFUN, array_operand(op, v->type));
  // 0 or NULL into a string variable: a dynamic one is deleted, a
  // global or clause-local one holds NULL (doc/dif.md, stgs).
  if (!assignable(v->type, value) && !(zero_store_ && v->type->is_string()))
    return rejected(loc, ErrTag::D_OP_INCOMPAT, incompatible(op, v->type, value));
  lhs->type = v->type;
  lhs->is_lvalue = true;
  return true;
}

const Type* Checker::check_agg_assign(ast::Assign& n) {
  auto* call = ast::as<ast::Call>(n.rhs);
  AggInfo* a = ast::agg_target(n.lhs)->agg;
  if (n.op != Op::Assign || call == nullptr || !find_aggfunc(call->name))
    return fail(
        n.loc, ErrTag::D_AGG_FUNC,
        cat("@", ast::agg_target(n.lhs)->name, " must be assigned the result of an aggregating function"));
  std::string what = cat("@", a->name);
  std::vector<const Type*> kt;
  const std::vector<ast::Expr*> none;
  auto* ix = ast::as<ast::Index>(n.lhs);
  const std::vector<ast::Expr*>& args = ix != nullptr ? ix->args : none;  // @a = count(): no keys
  for (ast::Expr* k : args) {
    if (k->kind() == Kind::AggRef)  // @b[@a]: an aggregation has no value to key on
      return fail(k->loc, ErrTag::D_KEY_TYPE,
                  cat("aggregation expression may not be used as aggregation index: key #", kt.size() + 1));
    const Type* t = check_record_arg(k);
    if (failed_) return t;
    if (!key_ok(k, t, "aggregation", what, kt.size() + 1)) return types_.void_type();
    // A char array key is the string it holds (the actions pass records it so).
    bool chars = t->kind == Type::Kind::Array && t->base->is_int() && t->base->size == 1;
    kt.push_back(t->is_int() ? types_.promote(t) : chars ? types_.string_type() : t);
  }
  if (!keys_agree(a->keys, a->keys_known, kt, n.loc, args, what)) return types_.void_type();
  n.lhs->type = types_.void_type();
  agg_rhs_ = true;
  check(n.rhs, true);
  agg_rhs_ = false;
  return types_.void_type();
}

const Type* Checker::check_assign(ast::Assign& n, bool stmt) {
  if (ast::agg_target(n.lhs) != nullptr) {
    if (!stmt)
      return fail(n.loc, ErrTag::D_CG_EXPR,
                  "aggregating function may not be called from a D expression (D program context required)");
    return check_agg_assign(n);
  }
  const char* op = "=";
  VarInfo* v = var_of(n.lhs);
  const Type* r = check(n.rhs);
  if (failed_) return r;
  if (r->is_void()) {
    if (cg_expr_loc_) return report_cg_expr(), types_.void_type();
    return fail(n.loc, ErrTag::D_OP_VFPTR, "operator = cannot be applied to a void expression");
  }
  if (n.op != Op::Assign) {
    op = n.op == Op::Add      ? "+="
         : n.op == Op::Sub    ? "-="
         : n.op == Op::Mul    ? "*="
         : n.op == Op::Div    ? "/="
         : n.op == Op::Mod    ? "%="
         : n.op == Op::Shl    ? "<<="
         : n.op == Op::Shr    ? ">>="
         : n.op == Op::BitAnd ? "&="
         : n.op == Op::BitOr  ? "|="
                              : "^=";
    bool additive = n.op == Op::Add || n.op == Op::Sub;
    // Pointer arithmetic needs the size of what is pointed to.
    if (additive && r->is_pointer() &&
        (r->base == nullptr || r->base->is_void() || r->base->kind == Type::Kind::Function))
      return fail(n.loc, ErrTag::D_OP_VFPTR,
                  cat("operator ", op, " requires left-hand scalar operand of known size"));
    if (additive && !r->is_int() && !r->is_pointer() && v != nullptr && v->type != nullptr && !v->is_array)
      return fail(n.loc, ErrTag::D_OP_INCOMPAT, incompatible(op, v->type, r));
    if (!r->is_int() && !(r->is_pointer() && additive))
      return fail(n.loc, ErrTag::D_OP_INT, not_integral(op));
  }
  zero_store_ = n.op == Op::Assign && (is_zero(n.rhs) || is_null_const(n.rhs, r));
  bool stored = store_to(n.lhs, r, op, n.loc);
  zero_store_ = false;
  if (!stored) return types_.void_type();
  if (n.op != Op::Assign && !n.lhs->type->is_int() && !n.lhs->type->is_pointer())
    return fail(n.loc, ErrTag::D_OP_INT, not_integral(op));
  return n.lhs->type;
}

const Type* Checker::check_member(ast::Member& n) {
  const Type* t = check(n.base);
  if (failed_) return t;
  const char* op = n.arrow ? "->" : ".";
  if (n.arrow) {
    if (!t->is_pointer()) return fail(n.loc, ErrTag::D_OP_PTR, "operator -> must be applied to a pointer");
    t = t->base;
  }
  if (t == nullptr || !t->is_sou())
    return fail(n.loc, ErrTag::D_OP_SOU,
                n.arrow ? cat("operator -> cannot be applied to pointer to type \"", t ? t->name : "?",
                              "\"; must be applied to a struct or union pointer")
                        : cat("operator . cannot be applied to type \"", t ? t->name : "?",
                              "\"; must be applied to a struct or union"));
  if (!t->complete) {
    // An unscoped tag is never a target's: say how to name the target's.
    size_t sp = t->name.find(' ');
    std::string theirs = sp == std::string::npos
                             ? ""
                             : types_.target_spelling(t->kind, std::string_view(t->name).substr(sp + 1));
    return fail(
        n.loc, ErrTag::D_OP_INCOMPLETE,
        cat("operator ", op, " cannot be applied to a forward declaration: no ", t->name,
            " definition is available", theirs.empty() ? "" : cat(" (the target's is ", theirs, ")")));
  }
  const Type::Member* m = t->member(n.member);
  if (m == nullptr) return fail(n.loc, ErrTag::D_TYPE_MEMBER, cat(n.member, " is not a member of ", t->name));
  n.offset = m->offset;
  n.bit_off = m->bit_off;
  n.bits = m->bits;
  if (ast::Xlate* x = translated(n.base, &n.xlate_context)) {
    auto it = x->xlator->members.find(n.member);
    if (it == x->xlator->members.end())
      return fail(n.loc, ErrTag::D_XLATE_NOCONV,
                  cat("translator does not define conversion for member: ", n.member));
    n.xlate_value = it->second;
    n.xlate_input = x;
    return m->type;
  }
  n.is_lvalue = true;
  n.is_writable = n.arrow ? points_to_writable(n.base) : n.base->is_writable;
  return m->type;
}

// The xlate operator whose result `base` is (through inlines, uses of
// parameterized ones included, a * before ., and translated struct
// members), or null: its members are computed, not loaded. *context is
// the translated member it was found in.
ast::Xlate* translated(ast::Expr* base, ast::Member** context) {
  for (;;) {
    auto* id = ast::as<ast::Ident>(base);
    auto* un = ast::as<ast::Unary>(base);
    auto* ix = ast::as<ast::Index>(base);
    auto* m = ast::as<ast::Member>(base);
    if (id != nullptr && id->inline_def != nullptr) base = id->inline_def->expr;
    else if (const ast::Index* use = ast::as_inline_use(base))
      base = ast::as<ast::Ident>(use->base)->inline_def->expr;
    else if (un != nullptr && un->op == Op::Deref) base = un->operand;
    else if (ix != nullptr && ix->arg_value != nullptr) base = ix->arg_value;
    else if (m != nullptr && m->xlate_value != nullptr) *context = m, base = m->xlate_value;
    else break;
  }
  return ast::as<ast::Xlate>(base);
}

const Type* Checker::check_xlate(ast::Xlate& n) {
  const Type* to = n.to ? resolve_typename(ctx_, n.to) : n.type;
  if (to == nullptr) return failed_ = true, types_.void_type();
  const Type* from = check(n.operand);
  if (failed_) return from;
  // Translators only produce structs and unions, so no translator can exist for
  // any other output type (DTrace reports this as D_XLATE_NONE too).
  const Type* out = xlate_output(to);
  if (out == nullptr)
    return fail(n.loc, ErrTag::D_XLATE_NONE,
                cat("cannot translate from \"", from->name, "\" to \"", to->name, "\""));
  n.xlator = find_translator(ctx_, out, from, n.loc);
  if (n.xlator == nullptr) return failed_ = true, types_.void_type();
  return to;
}

const Type* Checker::check_cast(ast::Cast& n) {
  const Type* to = resolve_typename(ctx_, n.to);
  if (to == nullptr) {
    failed_ = true;
    return types_.void_type();
  }
  const Type* from = check(n.operand);
  if (failed_) return from;
  if (to->is_void()) return to;
  // As DTrace: xlate<T *>(e) points to data that exists only translated,
  // member by member, so it has no address to cast.
  if (is_translated_pointer(n.operand, from))
    return fail(n.loc, ErrTag::D_CAST_INVAL,
                cat("invalid cast expression: \"pointer to translated data\" to \"", to->name, "\""));
  // An array converts to a pointer (its address), as in C: (char *)a.
  bool decays = to->is_pointer() && from->kind == Type::Kind::Array;
  // A struct or union casts to its own type (translators' inputs write
  // ((struct in)ivar).m), as DTrace allows.
  auto bare = [](const Type* t) {
    while (t->typedef_of != nullptr) t = t->typedef_of;
    return t;
  };
  bool same_sou = to->is_sou() && from->is_sou() && bare(to)->name == bare(from)->name;
  bool ok =
      (to->is_scalar() && from->is_scalar()) || (to->is_string() && from->is_string()) || decays || same_sou;
  if (!ok)
    return fail(n.loc, ErrTag::D_CAST_INVAL,
                cat("invalid cast expression: \"", from->name, "\" to \"", to->name, "\""));
  return to;
}

const Type* Checker::check(ast::Expr* e, bool stmt) {
  if (e == nullptr || failed_) return types_.void_type();
  stmt_ = stmt;
  const Type* t = dispatch(e);
  if (t == nullptr) t = types_.void_type();
  // Kernel structs arrive by name; give them members once a program holds one.
  if (t->is_sou()) types_.complete(t);
  else if (t->is_pointer() && t->base != nullptr && t->base->is_sou()) types_.complete(t->base);
  e->type = t;
  return t;
}

const Type* Checker::visit_ScopedVar(ast::ScopedVar& n) {
  if (n.var == nullptr || n.var->type == nullptr)
    return fail(n.loc, ErrTag::D_IDENT_UNDEF,
                unknown_name(cat(n.scope == ast::ScopedVar::Scope::Thread ? "self->" : "this->", n.name),
                             "variable"));
  if (n.var->is_array) return fail(n.loc, ErrTag::D_IDENT_BADREF, array_as_scalar(n.var->display()));
  n.is_lvalue = true;
  n.is_writable = true;
  return n.var->type;
}

const Type* Checker::visit_SymRef(ast::SymRef& n) {
  if (n.enum_type != nullptr) return n.enum_type;
  // A function designator is its address, as in C; an object is an lvalue.
  if (n.sym_type->kind == Type::Kind::Function) return types_.pointer_to(n.sym_type);
  n.is_lvalue = true;
  return n.sym_type;
}

const Type* Checker::visit_Ternary(ast::Ternary& n) {
  const Type* c = check(n.cond);
  if (failed_) return c;
  if (!c->is_scalar())
    return fail(n.loc, ErrTag::D_OP_SCALAR, "operator ?: expression must be of scalar type");
  const Type* a = check(n.then);
  const Type* b = check(n.other);
  if (failed_) return a;
  // An action's value is void: no branch may be one.
  for (ast::Expr* e : {n.then, n.other})
    if (auto* call = ast::as<ast::Call>(e); call && (find_action(call->name) || find_aggfunc(call->name)))
      return fail(n.loc, ErrTag::D_OP_ACT, "action cannot be used in a conditional context");
  if (a->is_int() && b->is_int()) return types_.arith_result(a, b);
  if (a->is_string() && b->is_string()) return a;
  if (a->is_pointer() && (b->is_pointer() || b->is_int())) return a;
  if (b->is_pointer() && a->is_int()) return b;
  return fail(n.loc, ErrTag::D_OP_INCOMPAT, "operator ?: operands must have compatible types");
}

const Type* Checker::visit_IncDec(ast::IncDec& n) {
  const char* op = n.increment ? "++" : "--";
  // As DTrace: a variable ++ or -- creates is an int64_t.
  const Type* implicit = types_.lookup_own("int64_t");
  if (implicit == nullptr) implicit = types_.long_type();
  VarInfo* v = var_of(n.operand);
  if (v != nullptr && v->scope != VarScope::Builtin && !v->is_array && v->type == nullptr) v->type = implicit;
  if (v != nullptr && !v->is_array && v->type != nullptr && !v->type->is_scalar())
    return fail(n.loc, ErrTag::D_OP_SCALAR, cat("operator ", op, " requires operand of scalar type"));
  if (auto* ix = ast::as<ast::Index>(n.operand)) {
    const Type* vt = check_index(*ix, true, implicit);
    if (failed_) return vt;
    n.operand->type = vt;
    if (ast::is_place(n.operand) && !store_to_place(n.operand, vt, op, n.loc)) return types_.void_type();
  } else if (!store_to(n.operand, implicit, op, n.loc)) {
    return types_.void_type();
  }
  const Type* t = n.operand->type;
  if (!t->is_int() && !t->is_pointer())
    return fail(n.loc, ErrTag::D_OP_ARITH, cat("operator ", op, " requires an operand of arithmetic type"));
  return t;
}

const Type* Checker::visit_Sizeof(ast::Sizeof& n) {
  const Type* of = n.of_type ? resolve_typename(ctx_, n.of_type) : check(n.operand);
  if (of == nullptr || failed_) return failed_ = true, types_.void_type();
  if (of->is_void())
    return fail(n.loc, ErrTag::D_SIZEOF_TYPE, "cannot apply sizeof to an operand of unknown size");
  if (n.operand != nullptr && is_bitfield(n.operand))
    return fail(n.loc, ErrTag::D_SIZEOF_BITFIELD, "cannot apply sizeof to a bit-field");
  // A string constant is its characters and NUL, as DTrace sizes it
  // ("hi" is 3); another string is strsize.
  auto* lit = n.operand != nullptr ? ast::as<ast::StrLit>(n.operand) : nullptr;
  n.value = lit != nullptr ? lit->value.size() + 1 : of->is_string() ? ctx_.options.strsize : of->size;
  return types_.lookup("size_t");
}

const Type* Checker::visit_Offsetof(ast::Offsetof& n) {
  const Type* of = resolve_typename(ctx_, n.of_type);
  if (of == nullptr) return failed_ = true, types_.void_type();
  if (of->is_sou()) types_.complete(of);
  // A forward declaration (struct no_such_type) has no members to offset.
  if (!of->is_sou() || !of->complete)
    return fail(n.loc, ErrTag::D_OFFSETOF_TYPE, "offsetof operand must be a struct or union type");
  const Type::Member* m = of->member(n.member);
  if (m == nullptr)
    return fail(n.loc, ErrTag::D_UNKNOWN,
                cat("failed to determine offset of ", n.member, ": Member name not found"));
  if (m->bits != 0)
    return fail(n.loc, ErrTag::D_OFFSETOF_BITFIELD, cat("cannot take offset of a bit-field: ", n.member));
  n.value = m->offset;
  return types_.lookup("size_t");
}

const Type* Checker::visit_Stringof(ast::Stringof& n) {
  const Type* of = check(n.operand);
  if (failed_) return of;
  if (!of->is_scalar() && !of->is_string() && of->kind != Type::Kind::Array)
    return fail(n.loc, ErrTag::D_STRINGOF_TYPE, cat("cannot apply stringof to a value of type ", of->name));
  return types_.string_type();
}

const Type* Checker::visit_Block(ast::Block& b) {
  for (ast::Stmt* s : b.stmts) {
    if (failed_) break;
    dispatch(s);
  }
  return nullptr;
}

const Type* Checker::visit_IfStmt(ast::IfStmt& s) {
  const Type* c = check(s.cond);
  if (!failed_ && !c->is_scalar()) fail(s.loc, ErrTag::D_OP_SCALAR, "if condition must be of scalar type");
  report_cg_expr();
  dispatch(s.then);
  dispatch(s.other);
  return nullptr;
}

bool Checker::run() {
  in_clause_ = true;
  // Each clause's first plan, found once: a search per clause made
  // 100,000 clauses take 6.8 s.
  std::unordered_map<const ast::Clause*, size_t> plan_of;
  for (size_t i = ctx_.plans.size(); i-- > 0;) plan_of[ctx_.plans[i].clause] = i;
  for (ast::Node* n : ctx_.ast.items) {
    auto* c = ast::as<ast::Clause>(n);
    if (c == nullptr) continue;
    auto it = plan_of.find(c);
    clause_ = it != plan_of.end() ? it->second : ctx_.plans.size();
    // The actions before the predicate, as resolve_idents orders them.
    size_t errs = ctx_.diags.count();
    dispatch(c->body);
    bool retry = failed_ && c->pred != nullptr && clause_undefined_retry(ctx_, errs);
    if (retry) failed_ = false;
    if (!failed_ && c->pred != nullptr) {
      const Type* t = check(c->pred);
      if (!failed_ && !t->is_scalar())
        fail(c->end_loc.line != 0 ? c->end_loc : c->pred->loc, ErrTag::D_PRED_SCALAR,
             "predicate result must be of scalar type");
      report_cg_expr();
    }
    if (retry && !failed_) dispatch(c->body);
    if (failed_) return false;
  }
  return !ctx_.diags.has_error();
}

}  // namespace

const Type* typecheck_expr(CompileContext& ctx, ast::Expr* e) {
  Checker c(ctx);
  return c.expr(e);
}

bool typecheck(CompileContext& ctx) {
  Checker c(ctx);
  return c.run();
}

}  // namespace dtrace::cc
