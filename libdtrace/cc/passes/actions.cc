#include "cc/passes/actions.h"

#include <optional>

#include "cc/builtins.h"
#include "cc/passes/printf_check.h"
#include "cc/passes/typecheck.h"
#include "cc/visitor.h"
#include "dtrace/ustack.h"
#include "util/format_spec.h"

namespace dtrace::cc {
namespace {

using ast::Kind;

// What speculation_order() tells apart: the speculation actions, and
// the others by what they do to a speculation.
enum class Act { Speculate, Commit, Discard, Agg, Exit, Destructive, Data };

// What a clause has had so far.
enum : unsigned { kSpec = 1, kComm = 2, kData = 4 };

Act act_of(uint16_t k) {
  if (k == DTRACEACT_SPECULATE) return Act::Speculate;
  if (k == DTRACEACT_COMMIT) return Act::Commit;
  if (k == DTRACEACT_DISCARD) return Act::Discard;
  if (DTRACEACT_ISAGG(k)) return Act::Agg;
  if (k == DTRACEACT_EXIT) return Act::Exit;
  if (DTRACEACT_ISDESTRUCTIVE(k)) return Act::Destructive;
  return Act::Data;
}

// discard() records nothing and commits nothing: DTrace lets it follow
// data and commit( ) alike. Destructive actions (chill(), raise(),
// stop()...) record nothing either; an aggregation is data a later
// commit( ) would lose.
unsigned act_sets(Act a) {
  switch (a) {
    case Act::Speculate: return kSpec;
    case Act::Commit: return kComm;
    case Act::Agg:
    case Act::Exit:
    case Act::Data: return kData;
    default: return 0;
  }
}

// An action of kind `act` after one of `after` is refused: the first
// row that applies gives the error.
struct OrderRule {
  Act act;
  unsigned after;
  ErrTag tag;
  const char* msg;
};
constexpr OrderRule kOrderRules[] = {
    {Act::Speculate, kComm, ErrTag::D_SPEC_COMM, "speculate( ) may not follow commit( )"},
    {Act::Speculate, kSpec, ErrTag::D_SPEC_SPEC, "speculate( ) may not follow speculate( )"},
    {Act::Speculate, kData, ErrTag::D_SPEC_DREC, "speculate( ) may not follow data-recording action(s)"},
    {Act::Commit, kSpec, ErrTag::D_SPEC_COMM, "commit( ) may not follow speculate( )"},
    {Act::Commit, kComm, ErrTag::D_COMM_COMM, "commit( ) may not follow commit( )"},
    {Act::Commit, kData, ErrTag::D_COMM_DREC, "commit( ) may not follow data-recording action(s)"},
    {Act::Discard, kSpec, ErrTag::D_SPEC_COMM, "discard( ) may not follow speculate( )"},
    {Act::Agg, kSpec, ErrTag::D_AGG_SPEC, "aggregating actions may not follow speculate( )"},
    {Act::Agg, kComm, ErrTag::D_AGG_COMM, "aggregating actions may not follow commit( )"},
    {Act::Exit, kSpec, ErrTag::D_EXIT_SPEC, "exit( ) may not follow speculate( )"},
    {Act::Exit, kComm, ErrTag::D_DREC_COMM, "data-recording actions may not follow commit( )"},
    {Act::Destructive, kSpec, ErrTag::D_ACT_SPEC, "destructive actions may not follow speculate( )"},
    {Act::Data, kComm, ErrTag::D_DREC_COMM, "data-recording actions may not follow commit( )"},
};

class ActionChecker : public Visitor<ActionChecker> {
 public:
  explicit ActionChecker(CompileContext& c) : ctx_(c) {}

  // Checks one D statement; appends its part(s) to `out`.
  bool clause(const ClausePlan& plan, std::vector<ClausePlan>& out) {
    out_ = &out;
    out.push_back(plan);
    cur_ = out.size() - 1;
    if (plan.clause->body != nullptr) visit(plan.clause->body);
    for (size_t i = out.size(); i-- > 0 && out[i].statement == plan.statement;) {
      if (failed_) break;
      speculation_order(out[i]);
    }
    return !failed_;
  }

  // Where speculate()/commit()/discard() may appear relative to other
  // actions of the same clause (the module refuses the rest): each
  // action's kind is checked against what came before it (kOrderRules).
  void speculation_order(const ClausePlan& plan) {
    unsigned seen = 0;
    for (const ActionPlan& a : plan.actions) {
      Loc loc = a.loc;
      Act act = Act::Data;
      if (a.stmt != nullptr) {
        // copyout(), copyoutstr(): a destructive subroutine is a
        // destructive action that a speculation could not undo.
        auto* es = ast::as<ast::ExprStmt>(a.stmt);
        auto* call = es != nullptr ? ast::as<ast::Call>(es->expr) : nullptr;
        const SubrProto* sp = call != nullptr ? find_subr(call->name) : nullptr;
        if (sp == nullptr || !sp->destructive) continue;
        act = Act::Destructive;
        loc = call->loc;
      } else {
        act = act_of(a.kind);
      }
      for (const OrderRule& r : kOrderRules) {
        if (r.act == act && (seen & r.after) != 0) {
          fail(loc, r.tag, r.msg);
          return;
        }
      }
      seen |= act_sets(act);
    }
  }

 private:
  bool fail(Loc loc, ErrTag tag, std::string msg) {
    if (!failed_) ctx_.error(loc, tag, std::move(msg));
    failed_ = true;
    return false;
  }

  static bool has_actions(ast::Stmt* s) {
    if (auto* es = ast::as<ast::ExprStmt>(s)) {
      if (auto* c = ast::as<ast::Call>(es->expr)) return find_action(c->name) || find_aggfunc(c->name);
      auto* a = ast::as<ast::Assign>(es->expr);
      return a != nullptr && ast::agg_target(a->lhs) != nullptr;
    }
    if (auto* i = ast::as<ast::IfStmt>(s)) return has_actions(i->then) || has_actions(i->other);
    if (auto* b = ast::as<ast::Block>(s)) {
      for (ast::Stmt* c : b->stmts)
        if (has_actions(c)) return true;
    }
    return false;
  }

 public:
  // A statement: an action, an aggregation, a side effect or an if
  // (split into predicated parts when it holds actions).
  void visit_Block(ast::Block& b) {
    for (ast::Stmt* s : b.stmts) {
      if (failed_) return;
      visit(s);
    }
  }
  void visit_IfStmt(ast::IfStmt& s) {
    if (has_actions(&s)) split_if(s);
    else side_effect(&s);
  }
  void visit_ExprStmt(ast::ExprStmt& s) {
    auto* c = ast::as<ast::Call>(s.expr);
    auto* a = ast::as<ast::Assign>(s.expr);
    if (c != nullptr && find_action(c->name)) action(*c);
    else if (a != nullptr && ast::agg_target(a->lhs) != nullptr) aggregation(*a);
    else side_effect(&s);
  }

 private:
  void side_effect(ast::Stmt* s) {
    ActionPlan p;
    p.kind = DTRACEACT_DIFEXPR;
    p.stmt = s;
    p.loc = s->loc;
    plan().actions.push_back(std::move(p));
  }

  ClausePlan& plan() { return (*out_)[cur_]; }

  // Starts a new part of the current statement predicated on `pred`.
  void new_part(ast::Expr* pred, Loc loc) {
    ClausePlan next;
    next.specs = plan().specs;
    next.statement = plan().statement;
    next.part = plan().part + 1;
    next.clause = ctx_.make<ast::Clause>(loc);
    next.clause->pred = pred;
    next.clause->index = plan().statement;
    out_->push_back(std::move(next));
    cur_ = out_->size() - 1;
  }

  ast::Expr* flag_ref(VarInfo* v, Loc loc) {
    auto* r = ctx_.make<ast::ScopedVar>(loc, ast::ScopedVar::Scope::Local, v->name);
    r->var = v;
    r->type = v->type;
    r->is_lvalue = true;
    return r;
  }

  ast::Expr* int_lit(uint64_t value, Loc loc) {
    auto* n = ctx_.make<ast::IntLit>(loc, value);
    n->type = n->lit_type = ctx_.types.int_type();
    return n;
  }

  ast::Expr* flag_test(VarInfo* v, ast::Op op, uint64_t value, Loc loc) {
    auto* b = ctx_.make<ast::Binary>(loc, op, flag_ref(v, loc), int_lit(value, loc));
    b->type = ctx_.types.int_type();
    return b;
  }

  void split_if(ast::IfStmt& s) {
    std::string name = cat("%if", ctx_.idents.vars().size());
    VarInfo* v = ctx_.idents.create(VarScope::Local, name, s.loc);
    v->type = ctx_.types.int_type();
    // this->%ifN = cond ? 1 : 2, in the part so far
    auto* choice = ctx_.make<ast::Ternary>(s.loc, s.cond, int_lit(1, s.loc), int_lit(2, s.loc));
    choice->type = ctx_.types.int_type();
    auto* set = ctx_.make<ast::Assign>(s.loc, ast::Op::Assign, flag_ref(v, s.loc), choice);
    set->type = ctx_.types.int_type();
    side_effect(ctx_.make<ast::ExprStmt>(s.loc, set));
    new_part(flag_test(v, ast::Op::Eq, 1, s.loc), s.loc);
    visit(s.then);
    if (s.other != nullptr) {
      new_part(flag_test(v, ast::Op::Eq, 2, s.loc), s.loc);
      visit(s.other);
    }
    new_part(flag_test(v, ast::Op::Ne, 0, s.loc), s.loc);
  }

  // DTrace gives the aggregation actions and the stacks tags of their own.
  static ErrTag arity_tag(const std::string& name) {
    return name == "clear"                                ? ErrTag::D_CLEAR_PROTO
           : name == "normalize" || name == "denormalize" ? ErrTag::D_NORMALIZE_PROTO
           : name == "trunc"                              ? ErrTag::D_TRUNC_PROTO
           : name == "stack"                              ? ErrTag::D_STACK_PROTO
           : name == "ustack" || name == "jstack"         ? ErrTag::D_USTACK_PROTO
                                                          : ErrTag::D_PROTO_LEN;
  }

  bool arity(const ast::Call& c, int min, int max) {
    int n = static_cast<int>(c.args.size());
    if (n >= min && (max < 0 || n <= max)) return true;
    ErrTag tag = arity_tag(c.name);
    // DTrace words the stacks' excess arguments on their own.
    bool stack = tag == ErrTag::D_STACK_PROTO || tag == ErrTag::D_USTACK_PROTO;
    return fail(c.loc, tag,
                tag == ErrTag::D_PROTO_LEN ? arity_mismatch(cat(c.name, "( )"), n, min, max)
                : stack && n > max         ? cat(c.name, "( ) prototype mismatch: too many arguments")
                                           : libact_arity(c.name, n, min, max));
  }

  bool proto_arg(const ast::Call& c, size_t i, const char* proto) {
    const ast::Expr* a = c.args[i];
    std::string got = a->kind() == Kind::AggRef ? "aggregation" : a->type ? a->type->name : "void";
    return fail(a->loc, ErrTag::D_PROTO_ARG, cc::proto_arg(cat(c.name, "( )"), i + 1, proto, got));
  }

  bool is_int_arg(const ast::Expr* e) { return e->kind() != Kind::AggRef && e->type && e->type->is_int(); }

  std::optional<int64_t> const_arg(const ast::Expr* e) {
    auto* lit = ast::as<ast::IntLit>(e);
    if (lit == nullptr) return std::nullopt;
    return static_cast<int64_t>(lit->value);
  }

  // Which arguments a format's %A conversions take: those record as
  // uaddr() does (pid and address), so the consumer names the symbol in
  // the process that fired, as DTrace does.
  static std::vector<bool> user_address_args(std::string_view f) {
    std::vector<bool> out;
    for (const FormatPiece& p : parse_format(f).pieces) {
      if (!p.is_conv || p.conv.conv == '%') continue;
      if (p.conv.width_star) out.push_back(false);
      if (p.conv.prec_star) out.push_back(false);
      out.push_back(p.conv.conv == 'A');
    }
    return out;
  }

  bool formatted(const ast::Call& c, ActionPlan& p, bool printa) {
    std::vector<FormatArg> fa;
    const ast::Expr* f = c.args[0];
    if (f->kind() != Kind::StrLit) {
      if (printa && f->kind() == Kind::AggRef) return true;
      return fail(
          f->loc, ErrTag::D_PRINTF_ARG_FMT,
          cat(c.name,
              "( ) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: ",
              f->type ? f->type->name : "aggregation"));
    }
    p.format = static_cast<const ast::StrLit*>(f)->value;
    p.has_format = true;
    if (printa) {  // the conversions before %@ take the first aggregation's keys
      const ast::Expr* a = c.args.size() > 1 ? c.args[1] : nullptr;
      if (a != nullptr && a->kind() == Kind::AggRef)
        for (const AggInfo* agg = static_cast<const ast::AggRef*>(a)->agg; const Type* k : agg->keys) {
          uint16_t kind = fa.size() < agg->key_kinds.size() ? agg->key_kinds[fa.size()] : 0;
          bool stack = kind == DTRACEACT_STACK || kind == DTRACEACT_USTACK || kind == DTRACEACT_JSTACK;
          fa.push_back({k, c.loc, stack ? "stack" : nullptr});
        }
      return check_format(ctx_, c.loc, c.name, p.format, fa, 2, true, false);
    }
    for (size_t i = 1; i < c.args.size(); i++) {
      const ast::Expr* a = c.args[i];
      fa.push_back({a->type, a->loc, a->kind() == Kind::AggRef ? "aggregation" : nullptr});
    }
    return check_format(ctx_, c.loc, c.name, p.format, fa, 2, false, true);
  }

  // printa() of several aggregations joins them on their keys: as many,
  // of compatible types (integers with integers, strings with strings).
  bool same_keys(const AggInfo& a, const AggInfo& b, Loc loc) {
    if (a.keys.size() != b.keys.size())
      return fail(loc, ErrTag::D_PRINTA_AGGKEY,
                  cat("printa( ): @", a.name, " and @", b.name, " do not have matching key signatures: @",
                      a.name, " has ", a.keys.size(), " key", a.keys.size() == 1 ? "" : "s", ", @", b.name,
                      " has ", b.keys.size(), " key", b.keys.size() == 1 ? "" : "s"));
    for (size_t i = 0; i < a.keys.size(); i++) {
      const Type *x = a.keys[i], *y = b.keys[i];
      if ((x->is_int() && y->is_int()) || (is_strcompat(x) && is_strcompat(y)) || x->name == y->name)
        continue;
      auto pad9 = [](const std::string& n) { return std::string(n.size() < 9 ? 9 - n.size() : 0, ' ') + n; };
      return fail(loc, ErrTag::D_PRINTA_AGGPROTO,
                  cat("printa( ): @", b.name, "[ ] key #", i + 1, " is incompatible with @", a.name, ":\n",
                      pad9(a.name), " key #", i + 1, ": ", x->name, "\n", pad9(b.name), " key #", i + 1, ": ",
                      y->name));
    }
    return true;
  }

  // An ARG continuation whose DIFO returns an aggregation's index.
  bool agg_arg(const ast::Call& c, size_t i, ActionPlan& p, ErrTag tag) {
    const ast::Expr* a = c.args[i];
    auto* ref = ast::as<ast::AggRef>(a);
    if (ref == nullptr)
      return fail(a->loc, tag,
                  cc::proto_arg(cat(c.name, "( )"), i + 1, "aggregation", a->type ? a->type->name : "void"));
    PlanArg pa;
    pa.value = ref->agg->index;
    p.tuple.push_back(pa);
    return true;
  }

  void action(ast::Call& c) {
    const ActionProto* ap = find_action(c.name);
    if (!arity(c, ap->min_args, ap->max_args)) return;
    ActionPlan p;
    p.kind = ap->kind;
    p.loc = c.loc;
    const std::string& n = c.name;
    if (n == "trace" || n == "print") {
      ast::Expr* e = c.args[0];
      if (e->kind() == Kind::AggRef) {
        fail(e->loc, n == "trace" ? ErrTag::D_TRACE_AGG : ErrTag::D_PRINT_AGG,
             cat(n, "( ) may not be applied to an aggregation"));
        return;
      }
      if (e->type->is_void()) {
        fail(e->loc, n == "trace" ? ErrTag::D_TRACE_VOID : ErrTag::D_PRINT_VOID,
             cat(n, "( ) may not be applied to a void expression"));
        return;
      }
      // Structs, unions and other arrays are traced by value: their bytes,
      // which the consumer prints as a string or a hex dump.
      if (n == "trace") e = char_array_as_string(e);
      p.expr = e;
    } else if (n == "printf" || n == "system" || n == "freopen") {
      // freopen(""): back to the first output (DTrace's one empty format);
      // "." is how DTrace says that internally, so a script may not.
      const auto* lit =
          c.args[0]->kind() == Kind::StrLit ? static_cast<const ast::StrLit*>(c.args[0]) : nullptr;
      if (n == "freopen" && lit && lit->value == ".") {
        fail(c.loc, ErrTag::D_FREOPEN_INVALID, "freopen( ) argument #1 cannot be \".\"");
        return;
      }
      bool restore = n == "freopen" && lit && lit->value.empty() && c.args.size() == 1;
      if (restore) {
        p.format.clear();
        p.has_format = true;
      } else if (!formatted(c, p, false)) {
        return;
      }
      std::vector<bool> uaddr = user_address_args(p.format);
      for (size_t i = 1; i < c.args.size(); i++) {
        PlanArg pa;
        if (!record_arg(DTRACEACT_ARG, c.args[i], pa)) return;
        if (i - 1 < uaddr.size() && uaddr[i - 1] && pa.kind == DTRACEACT_ARG) pa.kind = DTRACEACT_UADDR;
        p.tuple.push_back(pa);
      }
    } else if (n == "printa") {
      size_t first = 0;
      if (c.args[0]->kind() == Kind::StrLit) {
        if (!formatted(c, p, true)) return;
        first = 1;
      }
      if (first >= c.args.size()) {
        fail(c.loc, ErrTag::D_PRINTA_PROTO, libact_arity("printa", c.args.size(), 2, 2));
        return;
      }
      for (size_t i = first; i < c.args.size(); i++) {
        if (!agg_arg(c, i, p, ErrTag::D_PRINTA_AGGARG)) return;
        if (i > first && !same_keys(*ast::as<ast::AggRef>(c.args[first])->agg,
                                    *ast::as<ast::AggRef>(c.args[i])->agg, c.loc))
          return;
      }
    } else if (n == "exit" || n == "raise" || n == "chill" || n == "speculate" || n == "commit" ||
               n == "discard") {
      if (!is_int_arg(c.args[0])) {
        proto_arg(c, 0, "int");
        return;
      }
      p.expr = c.args[0];
    } else if (is_stack_or_symbol(n)) {
      uint16_t kind = 0;
      if (!stack_or_symbol(c, kind, p.arg, p.expr)) return;
    } else if (n == "tracemem") {
      ast::Expr* addr = c.args[0];
      // The size is a size_t before it is a constant.
      if (!is_int_arg(c.args[1])) {
        proto_arg(c, 1, "size_t");
        return;
      }
      if (addr->kind() == Kind::AggRef || !addr->type->is_scalar()) {
        std::string got = addr->kind() == Kind::AggRef ? "aggregation" : addr->type->name;
        fail(addr->loc, ErrTag::D_TRACEMEM_ADDR, cc::proto_arg("tracemem( )", 1, "pointer or integer", got));
        return;
      }
      auto size = const_arg(c.args[1]);
      if (!size || *size <= 0 || *size > 65536) {
        fail(
            c.args[1]->loc, ErrTag::D_TRACEMEM_SIZE,
            !size || *size <= 0
                ? "tracemem( ) argument #2 must be a non-zero positive integral constant expression"
                : "tracemem( ) argument #2 must be a positive integral constant expression of at most 65536");
        return;
      }
      p.expr = addr;
      p.arg = static_cast<uint64_t>(*size);
      if (c.args.size() == 3) {
        if (!is_int_arg(c.args[2])) {
          fail(c.args[2]->loc, ErrTag::D_TRACEMEM_DYNSIZE, "tracemem( ) argument #3 must be an integer");
          return;
        }
        p.tuple.push_back({DTRACEACT_TRACEMEM_DYNSIZE, c.args[2], 0});
      }
    } else if (n == "setopt") {
      for (size_t i = 0; i < c.args.size(); i++) {
        if (c.args[i]->kind() != Kind::StrLit) {
          proto_arg(c, i, "string constant");
          return;
        }
      }
      p.format = static_cast<ast::StrLit*>(c.args[0])->value;
      p.has_format = true;
      if (c.args.size() == 2) p.tuple.push_back({DTRACEACT_ARG, c.args[1], 0});
    } else if (n == "clear" || n == "denormalize" || n == "normalize" || n == "trunc") {
      ErrTag aggtag = n == "clear"   ? ErrTag::D_CLEAR_AGGARG
                      : n == "trunc" ? ErrTag::D_TRUNC_AGGARG
                                     : ErrTag::D_NORMALIZE_AGGARG;
      p.arg = n == "clear"         ? DTRACE_LIBACT_CLEAR
              : n == "denormalize" ? DTRACE_LIBACT_DENORMALIZE
              : n == "normalize"   ? DTRACE_LIBACT_NORMALIZE
                                   : DTRACE_LIBACT_TRUNC;
      if (!agg_arg(c, 0, p, aggtag)) return;
      if (c.args.size() == 2) {
        if (!is_int_arg(c.args[1])) {
          fail(c.args[1]->loc, n == "trunc" ? ErrTag::D_TRUNC_SCALAR : ErrTag::D_NORMALIZE_SCALAR,
               cat(n, "( ) argument #2 must be of scalar type"));
          return;
        }
        p.tuple.push_back({DTRACEACT_ARG, c.args[1], 0});
      }
    }
    p.tuple.shrink_to_fit();
    plan().actions.push_back(std::move(p));
  }

  // stack()/ustack()/jstack(): frames (and strsize) in arg, no DIFO;
  // sym() and friends: the address expression.
  bool stack_or_symbol(const ast::Call& c, uint16_t& kind, uint64_t& arg, ast::Expr*& expr) {
    const ActionProto* ap = find_action(c.name);
    if (!arity(c, ap->min_args, ap->max_args)) return false;
    kind = ap->kind;
    const std::string& n = c.name;
    if (n == "stack" || n == "ustack" || n == "jstack") {
      uint64_t frames = n == "stack"    ? ctx_.options.stackframes
                        : n == "jstack" ? ctx_.options.jstackframes
                                        : ctx_.options.ustackframes;
      uint64_t strsize = n == "jstack" ? ctx_.options.jstackstrsize : 0;
      for (size_t i = 0; i < c.args.size(); i++) {
        auto v = const_arg(c.args[i]);
        // DTrace's words; a string size of 0 is the default's.
        if (!v || *v < 0 || (*v == 0 && i == 0)) {
          return fail(c.args[i]->loc,
                      n == "stack" ? ErrTag::D_STACK_SIZE
                      : i == 0     ? ErrTag::D_USTACK_FRAMES
                                   : ErrTag::D_USTACK_STRSIZE,
                      n == "stack" ? "stack( ) size must be a non-zero positive integral constant expression"
                      : i == 0     ? cat(n, "( ) argument #1 must be a non-zero positive integer constant")
                                   : cat(n, "( ) argument #2 must be a positive integer constant"));
        }
        (i == 0 ? frames : strsize) = static_cast<uint64_t>(*v);
      }
      // The module's limits (doc/program.md 6.3).
      if (frames > 1024 || strsize > 65536)
        return fail(c.loc, n == "stack" ? ErrTag::D_STACK_SIZE : ErrTag::D_USTACK_FRAMES,
                    cat(n, "( ) asks for more than 1024 frames or 65536 bytes of strings"));
      arg = n == "stack" ? frames : DTRACE_USTACK_ARG(frames, ctx_.options.ustackbytes, strsize);
      expr = nullptr;
      return true;
    }
    ast::Expr* e = c.args[0];
    if (e->kind() == Kind::AggRef || !e->type->is_scalar()) return proto_arg(c, 0, "uintptr_t");
    expr = e;
    return true;
  }

  // A printf argument or aggregation key: a value, or a stack/symbol.
  // A char array (pr_fname, dev_statname) is recorded as the string it
  // holds, as DTrace prints it.
  ast::Expr* char_array_as_string(ast::Expr* e) {
    const Type* t = e->type;
    if (t->kind != Type::Kind::Array || !t->base->is_int() || t->base->size != 1) return e;
    auto* s = ctx_.make<ast::Stringof>(e->loc, e);
    s->type = ctx_.types.string_type();
    return s;
  }

  bool record_arg(uint16_t kind, ast::Expr* e, PlanArg& out) {
    out = PlanArg{};
    out.kind = kind;
    out.expr = char_array_as_string(e);
    auto* call = ast::as<ast::Call>(e);
    if (call != nullptr && is_stack_or_symbol(call->name)) {
      if (!stack_or_symbol(*call, out.kind, out.arg, out.expr)) return false;
      out.has_difo = out.expr != nullptr;
    }
    return true;
  }

  bool lquantize_arg(const ast::Call& c, uint64_t& arg);
  bool llquantize_arg(const ast::Call& c, uint64_t& arg);
  bool quantize_match(const ast::Call& c, Loc loc, uint64_t prev, uint64_t now);
  void aggregation(ast::Assign& a);

  CompileContext& ctx_;
  std::vector<ClausePlan>* out_ = nullptr;
  size_t cur_ = 0;
  bool failed_ = false;
};

// lquantize(x, base, limit[, step[, incr]]) and llquantize(x, factor,
// lmag, hmag, steps[, incr]) take constants, checked in DTrace's order
// with DTrace's tags and words; argument #1 is the first after x.
bool ActionChecker::lquantize_arg(const ast::Call& c, uint64_t& arg) {
  auto base = const_arg(c.args[1]);
  if (!base)
    return fail(c.args[1]->loc, ErrTag::D_LQUANT_BASETYPE,
                "lquantize( ) argument #1 must be an integer constant");
  if (*base < INT32_MIN || *base > INT32_MAX)
    return fail(c.args[1]->loc, ErrTag::D_LQUANT_BASEVAL,
                "lquantize( ) argument #1 must be a 32-bit quantity");
  auto limit = const_arg(c.args[2]);
  if (!limit)
    return fail(c.args[2]->loc, ErrTag::D_LQUANT_LIMTYPE,
                "lquantize( ) argument #2 must be an integer constant");
  if (*limit < INT32_MIN || *limit > INT32_MAX)
    return fail(c.args[2]->loc, ErrTag::D_LQUANT_LIMVAL,
                "lquantize( ) argument #2 must be a 32-bit quantity");
  if (*limit < *base)
    return fail(c.loc, ErrTag::D_LQUANT_MISMATCH,
                "lquantize( ) base (argument #1) must be less than limit (argument #2)");
  int64_t step = 1;
  if (c.args.size() > 3) {
    auto s = const_arg(c.args[3]);
    if (!s || *s <= 0)
      return fail(c.args[3]->loc, ErrTag::D_LQUANT_STEPTYPE,
                  "lquantize( ) argument #3 must be a non-zero positive integer constant");
    if (*s > UINT16_MAX)
      return fail(c.args[3]->loc, ErrTag::D_LQUANT_STEPVAL,
                  "lquantize( ) argument #3 must be a 16-bit quantity");
    step = *s;
  }
  int64_t levels = (*limit - *base) / step;
  if (levels == 0)
    return fail(c.loc, ErrTag::D_LQUANT_STEPLARGE,
                "lquantize( ) step (argument #3) too large: must have at least one quantization level");
  if (levels > UINT16_MAX)
    return fail(c.loc, ErrTag::D_LQUANT_STEPSMALL,
                "lquantize( ) step (argument #3) too small: number of quantization levels must be a 16-bit "
                "quantity");
  arg = DTRACE_LQUANTIZE_ARG(*base, levels, step);
  return true;
}

// factor^n, or 0 above INT64_MAX, the module's bound (doc/records.md 6.5).
// Keys of one kind, where stack(), ustack() and jstack() are one kind as
// in DTrace (type "stack"): each statement's records describe its own.
static bool same_key_kinds(const std::vector<uint16_t>& a, const std::vector<uint16_t>& b) {
  auto stack = [](uint16_t k) {
    return k == DTRACEACT_STACK || k == DTRACEACT_USTACK || k == DTRACEACT_JSTACK;
  };
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); i++)
    if (a[i] != b[i] && !(stack(a[i]) && stack(b[i]))) return false;
  return true;
}

static uint64_t checked_pow(uint64_t factor, uint64_t n) {
  unsigned __int128 p = 1;
  for (uint64_t i = 0; i < n; i++) {
    p *= factor;
    if (p > INT64_MAX) return 0;
  }
  return static_cast<uint64_t>(p);
}

bool ActionChecker::llquantize_arg(const ast::Call& c, uint64_t& arg) {
  static constexpr struct {
    const char* name;
    ErrTag type, val;
  } params[4] = {{"factor", ErrTag::D_LLQUANT_FACTORTYPE, ErrTag::D_LLQUANT_FACTORVAL},
                 {"lmag", ErrTag::D_LLQUANT_LMAGTYPE, ErrTag::D_LLQUANT_LMAGVAL},
                 {"hmag", ErrTag::D_LLQUANT_HMAGTYPE, ErrTag::D_LLQUANT_HMAGVAL},
                 {"steps", ErrTag::D_LLQUANT_STEPTYPE, ErrTag::D_LLQUANT_STEPVAL}};
  uint64_t v[4];
  for (int i = 0; i < 4; i++) {
    const ast::Expr* e = c.args[i + 1];
    auto x = const_arg(e);
    if (!x)
      return fail(e->loc, params[i].type,
                  cat("llquantize( ) argument #", i + 1, " must be an integer constant"));
    v[i] = static_cast<uint64_t>(*x);
    // steps 0 would divide by zero in the checks below.
    if (v[i] > UINT16_MAX || (i == 0 && v[i] < 2) || (i == 3 && v[i] == 0))
      return fail(e->loc, params[i].val,
                  cat("llquantize( ) argument #", i + 1, " must be an unsigned 16-bit quantity",
                      i == 0   ? " greater than or equal to 2"
                      : i == 3 ? " greater than or equal to 1"
                               : ""));
    if (i == 2 && v[2] < v[1])
      return fail(e->loc, ErrTag::D_LLQUANT_HMAGVAL,
                  "llquantize( ) argument #3 (high magnitude) must be at least argument #2 (low magnitude)");
    if (i == 2 && checked_pow(v[0], v[2] + 1) == 0)
      return fail(e->loc, ErrTag::D_LLQUANT_HMAGVAL,
                  "llquantize( ) argument #3 (high magnitude) will cause overflow of 64 bits");
  }
  uint64_t factor = v[0], lmag = v[1], hmag = v[2], steps = v[3];
  Loc loc = c.args[1]->loc;
  if (steps < factor && factor % steps != 0)
    return fail(
        loc, ErrTag::D_LLQUANT_FACTORVAL,
        "llquantize( ) argument #4 (steps) must evenly divide argument #1 (factor) when steps<factor");
  if (steps > factor && steps % factor != 0)
    return fail(
        loc, ErrTag::D_LLQUANT_FACTORVAL,
        "llquantize( ) argument #4 (steps) must be a multiple of argument #1 (factor) when steps>factor");
  // Each magnitude's steps must fall on integers: factor^(lmag + 1),
  // the first magnitude's width (factor^2 where lmag is 0), divides.
  if (steps > factor && checked_pow(factor, lmag == 0 ? 2 : lmag + 1) % steps != 0)
    return fail(loc, ErrTag::D_LLQUANT_STEPVAL,
                cat("llquantize( ) argument #4 (steps) must evenly divide ",
                    lmag == 0 ? "the square of argument #1 (factor)"
                              : "pow(argument #1 (factor), argument #2 (lmag) + 1)",
                    " when steps>factor"));
  arg = DTRACE_LLQUANTIZE_ARG(factor, lmag, hmag, steps);
  return true;
}

// A later lquantize()/llquantize() of the same aggregation must repeat
// its parameters; DTrace names the first that differs.
bool ActionChecker::quantize_match(const ast::Call& c, Loc loc, uint64_t prev, uint64_t now) {
  auto differ = [&](ErrTag tag, const char* what, int64_t want, int64_t got) {
    return fail(
        loc, tag,
        cat(c.name, "( ) ", what, " doesn't match previous declaration: expected ", want, ", found ", got));
  };
  if (c.name == "lquantize") {
    int64_t ob = DTRACE_LQUANTIZE_BASE(prev), nb = DTRACE_LQUANTIZE_BASE(now);
    int64_t os = DTRACE_LQUANTIZE_STEP(prev), ns = DTRACE_LQUANTIZE_STEP(now);
    int64_t ol = ob + os * DTRACE_LQUANTIZE_LEVELS(prev), nl = nb + ns * DTRACE_LQUANTIZE_LEVELS(now);
    if (ob != nb) return differ(ErrTag::D_LQUANT_MATCHBASE, "base (argument #1)", ob, nb);
    if (ol != nl) return differ(ErrTag::D_LQUANT_MATCHLIM, "limit (argument #2)", ol, nl);
    return differ(ErrTag::D_LQUANT_MATCHSTEP, "step (argument #3)", os, ns);
  }
  if (DTRACE_LLQUANTIZE_FACTOR(prev) != DTRACE_LLQUANTIZE_FACTOR(now))
    return differ(ErrTag::D_LLQUANT_MATCHFACTOR, "factor (argument #1)", DTRACE_LLQUANTIZE_FACTOR(prev),
                  DTRACE_LLQUANTIZE_FACTOR(now));
  if (DTRACE_LLQUANTIZE_LOW(prev) != DTRACE_LLQUANTIZE_LOW(now))
    return differ(ErrTag::D_LLQUANT_MATCHLMAG, "lmag (argument #2)", DTRACE_LLQUANTIZE_LOW(prev),
                  DTRACE_LLQUANTIZE_LOW(now));
  if (DTRACE_LLQUANTIZE_HIGH(prev) != DTRACE_LLQUANTIZE_HIGH(now))
    return differ(ErrTag::D_LLQUANT_MATCHHMAG, "hmag (argument #3)", DTRACE_LLQUANTIZE_HIGH(prev),
                  DTRACE_LLQUANTIZE_HIGH(now));
  return differ(ErrTag::D_LLQUANT_MATCHSTEPS, "steps (argument #4)", DTRACE_LLQUANTIZE_NSTEP(prev),
                DTRACE_LLQUANTIZE_NSTEP(now));
}

void ActionChecker::aggregation(ast::Assign& a) {
  auto& call = *ast::as<ast::Call>(a.rhs);
  ast::Index* ix = ast::as<ast::Index>(a.lhs);
  AggInfo* agg = ast::agg_target(a.lhs)->agg;
  const ActionProto* fp = find_aggfunc(call.name);
  if (!arity(call, fp->min_args, fp->max_args)) return;
  if (agg->func != 0 && agg->func != fp->kind) {
    fail(a.loc, ErrTag::D_AGG_REDEF,
         cat("aggregation redefined: @", agg->name, "\n\t current: @", agg->name, " = ", call.name,
             "( )\n\tprevious: @", agg->name, " = ", action_name(agg->func), "( )"));
    return;
  }
  // lquantize()/llquantize() parameters are int32_t in DTrace's prototypes.
  for (size_t i = 1; i < call.args.size() && fp->kind != DTRACEACT_AGG_QUANTIZE; i++) {
    if (!is_int_arg(call.args[i])) {
      proto_arg(call, i, "int32_t");
      return;
    }
  }
  for (size_t i = 0; i < call.args.size(); i++) {
    if (!is_int_arg(call.args[i]) && !(i == 0 && call.args[i]->type && call.args[i]->type->is_pointer())) {
      fail(call.args[i]->loc, ErrTag::D_AGG_SCALAR,
           cat(call.name, "( ) argument #", i + 1, " must be of scalar type"));
      return;
    }
  }
  ActionPlan p;
  p.kind = fp->kind;
  p.loc = a.loc;
  p.aggvar = agg->index;
  if (!call.args.empty()) p.expr = call.args[0];
  std::vector<uint16_t> kinds;
  std::vector<uint64_t> args;
  if (ix) {
    for (ast::Expr* k : ix->args) {
      PlanArg pa;
      if (!record_arg(DTRACEACT_AGGKEY, k, pa)) return;
      kinds.push_back(pa.kind == DTRACEACT_AGGKEY ? 0 : pa.kind);
      args.push_back(pa.arg);
      p.tuple.push_back(pa);
    }
  }
  if (!agg->key_kinds.empty() && !same_key_kinds(agg->key_kinds, kinds)) {
    fail(a.loc, ErrTag::D_KEY_TYPE, cat("@", agg->name, "[ ] keys differ in kind from a previous use"));
    return;
  }
  size_t incr = SIZE_MAX;
  if (fp->kind == DTRACEACT_AGG_QUANTIZE && call.args.size() == 2) incr = 1;
  if (fp->kind == DTRACEACT_AGG_LQUANTIZE) {
    if (!lquantize_arg(call, p.arg)) return;
    if (call.args.size() == 5) incr = 4;
  }
  if (fp->kind == DTRACEACT_AGG_LLQUANTIZE) {
    if (!llquantize_arg(call, p.arg)) return;
    if (call.args.size() == 6) incr = 5;
  }
  if (incr != SIZE_MAX) p.tuple.push_back({DTRACEACT_AGGINCR, call.args[incr], 0});
  if (agg->has_arg && agg->arg != p.arg) {
    quantize_match(call, a.loc, agg->arg, p.arg);
    return;
  }
  agg->func = fp->kind;
  if (agg->key_kinds.empty()) {  // a mix of stacks keeps the first's layout
    agg->key_kinds = kinds;
    agg->key_args = args;
  }
  if (fp->kind == DTRACEACT_AGG_LQUANTIZE || fp->kind == DTRACEACT_AGG_LLQUANTIZE) {
    agg->arg = p.arg;
    agg->has_arg = true;
  }
  plan().actions.push_back(std::move(p));
}

}  // namespace

bool check_actions(CompileContext& ctx) {
  ActionChecker ac(ctx);
  std::vector<ClausePlan> out;
  for (uint32_t i = 0; i < ctx.plans.size(); i++) {
    ctx.plans[i].statement = i;
    if (!ac.clause(ctx.plans[i], out)) return false;
  }
  // Parts with nothing to do (after an if/else that ends a block) are dropped;
  // their predicates only test flags, so nothing observable goes with them.
  std::vector<ClausePlan> kept;
  for (ClausePlan& p : out)
    if (p.part == 0 || !p.actions.empty()) kept.push_back(std::move(p));
  ctx.plans = std::move(kept);
  return !ctx.diags.has_error();
}

}  // namespace dtrace::cc
