#include "cc/passes/resolve.h"

#include "cc/builtins.h"
#include "cc/visitor.h"

namespace dtrace::cc {
namespace {

class Resolver : public Visitor<Resolver> {
 public:
  explicit Resolver(CompileContext& c, const TranslatorInfo* x = nullptr, const InlineInfo* in = nullptr)
      : ctx_(c), xlator_(x), inline_(in) {}

  void visit_Ident(ast::Ident& n) { read_ident(n, false); }

  // DTrace cooks a clause's actions before its predicate, so the actions
  // may create a variable the predicate reads (/x == 0/ { x++; }); when the
  // actions read one only the predicate creates, it cooks the predicate
  // first and the actions again (clause_undefined_retry).
  void visit_Clause(ast::Clause& c) {
    size_t errs = ctx_.diags.count();
    if (c.body != nullptr) visit(c.body);
    if (failed_ && c.pred != nullptr && clause_undefined_retry(ctx_, errs)) {
      failed_ = false;
      visit(c.pred);
      if (!failed_ && c.body != nullptr) visit(c.body);
      return;
    }
    if (!failed_ && c.pred != nullptr) visit(c.pred);
  }

  void visit_ScopedVar(ast::ScopedVar& n) {
    VarScope scope = n.scope == ast::ScopedVar::Scope::Thread ? VarScope::Thread : VarScope::Local;
    n.var = ctx_.idents.find(scope, n.name);
    if (n.var == nullptr)
      fail(n.loc, ErrTag::D_IDENT_UNDEF,
           unknown_name(cat(scope == VarScope::Thread ? "self->" : "this->", n.name), "variable"));
  }

  void visit_AggRef(ast::AggRef& n) {
    n.agg = ctx_.idents.find_agg(n.name);
    if (n.agg == nullptr) fail(n.loc, ErrTag::D_IDENT_UNDEF, unknown_name(cat("@", n.name), "aggregation"));
  }

  // An aggregation passed to printa(), clear(), normalize() or trunc()
  // that no earlier statement defined.
  void agg_arg(const std::string& func, ast::AggRef& n) {
    n.agg = ctx_.idents.find_agg(n.name);
    if (n.agg != nullptr) return;
    ErrTag tag = func == "printa"  ? ErrTag::D_PRINTA_AGGBAD
                 : func == "clear" ? ErrTag::D_CLEAR_AGGBAD
                 : func == "trunc" ? ErrTag::D_TRUNC_AGGBAD
                                   : ErrTag::D_NORMALIZE_AGGBAD;
    fail(n.loc, tag, cat("undefined aggregation: @", n.name));
  }

  // `sym, mod`sym: a kernel symbol from the symbol table, typed from BTF
  // (functions; variables BTF describes). vmlinux`NAME may also be an
  // enumerator of a kernel enum.
  void visit_SymRef(ast::SymRef& n) {
    size_t q = n.text.rfind('`');
    bool two = q > 0 && n.text[q - 1] == '`';
    n.user = two || ctx_.options.user_scoped;
    n.module = n.text.substr(0, two ? q - 1 : q);
    n.name = n.text.substr(q + 1);
    if (n.user) return user_symbol(n);
    if (n.module == "vmlinux" && (n.enum_type = ctx_.types.kernel_enumerator(n.name, n.enum_value))) return;
    SymbolRef r;
    if (ctx_.options.kernel_symbol) r = ctx_.options.kernel_symbol(n.module, n.name);
    if (!r.found && !n.module.empty() && !r.module_known && ctx_.options.user_symbol) {
      SymbolRef u = ctx_.options.user_symbol(n.module, n.name);
      if (u.found) return wrong_kind(n, u.module, true);
    }
    const char* why = !r.found && !n.module.empty() && !r.module_known ? "Unknown module name"
                      : !r.found                                       ? "Unknown symbol name"
                      : r.addr == 0 ? "Symbol address not available"  // kptr_restrict
                                    : nullptr;
    if (why != nullptr && !ctx_.options.knodefs) {
      fail(n.loc, ErrTag::D_IDENT_UNDEF, cat("failed to resolve ", n.text, ": ", why));
      return;
    }
    if (!r.found) r.module = n.module.empty() ? "vmlinux" : n.module;  // -x knodefs: address 0
    n.addr = r.addr;
    bool percpu = false;
    // Only the core kernel's BTF is read: module symbols have no types.
    const Type* t = r.module == "vmlinux" ? ctx_.types.kernel_symbol_type(n.name, percpu) : nullptr;
    if (t != nullptr && r.found && r.data == (t->kind == Type::Kind::Function)) t = nullptr;
    if (percpu) {
      fail(n.loc, ErrTag::D_SYM_BADREF,
           cat("kernel module '", r.module, "' symbol '", n.name,
               "' is a per-CPU variable and may not be referenced by address"));
      return;
    }
    if (t == nullptr) {
      std::string hint = why || r.module != "vmlinux" ? std::string() : ctx_.types.kernel_symbol_hint();
      fail(n.loc, ErrTag::D_SYM_NOTYPES,
           cat("no symbolic type information is available for ", r.module, "`", n.name, ": ",
               why ? why : "No type information available for symbol", hint.empty() ? "" : " (", hint,
               hint.empty() ? "" : ")"));
      return;
    }
    n.sym_type = t;
  }

  // mod``sym, ``sym: a data symbol of a -c/-p target's object, typed
  // from its DWARF. DTrace leaves user symbols to be relocated where the
  // program runs, so it compiles only as -x unodefs or linkmode=static
  // allow (CompileOptions::unodefs).
  void user_symbol(ast::SymRef& n) {
    SymbolRef r;
    if (ctx_.options.user_symbol) r = ctx_.options.user_symbol(n.module, n.name);
    if (!r.found) {
      SymbolRef k;
      if (ctx_.options.kernel_symbol) k = ctx_.options.kernel_symbol(n.module, n.name);
      if (k.found) return wrong_kind(n, k.module, false);
      fail(n.loc, ErrTag::D_IDENT_UNDEF,
           unknown_name(n.text, !n.module.empty() && !r.module_known ? "module" : "symbol"));
      return;
    }
    n.sym_type = ctx_.types.user_symbol_type(cat(r.module, "`", n.name));
    if (n.sym_type == nullptr) {
      fail(n.loc, ErrTag::D_SYM_NOTYPES,
           cat("no symbolic type information is available for ", r.module, "``", n.name,
               ": No type information available for symbol"));
      return;
    }
    if (!ctx_.options.unodefs && !ctx_.options.user_static) {
      fail(n.loc, ErrTag::D_ASRELO, cat("relocation remains against user symbol ", r.module, "``", n.name));
      return;
    }
    n.addr = r.addr;
  }

  // A user module's symbol named as a kernel one (mod`sym), or the
  // other way round (vmlinux``sym).
  void wrong_kind(ast::SymRef& n, const std::string& module, bool user_module) {
    fail(n.loc, ErrTag::D_SYM_BADREF,
         cat(user_module ? "user" : "kernel", " module '", module, "' symbol '", n.name,
             "' may not be referenced as a ", user_module ? "kernel" : "user", " symbol"));
  }

  void visit_Index(ast::Index& n) {
    if (auto* id = ast::as<ast::Ident>(n.base)) {
      read_ident(*id, true);
    } else {
      visit(n.base);
    }
    for (auto* a : n.args) visit(a);
  }

  void visit_Call(ast::Call& n) {
    if (!n.name.empty() && !find_action(n.name) && !find_aggfunc(n.name) && !find_subr(n.name)) {
      if (const char* kind = non_function_kind(n.name))
        fail(n.loc, ErrTag::D_FUNC_IDKIND, cat(kind, " ", n.name, " may not be referenced as a function"));
      else fail(n.loc, ErrTag::D_FUNC_UNDEF, unknown_name(n.name, "function"));
      return;
    }
    bool takes_aggs = n.name == "printa" || n.name == "clear" || n.name == "normalize" ||
                      n.name == "denormalize" || n.name == "trunc";
    for (auto* a : n.args) {
      auto* ref = takes_aggs ? ast::as<ast::AggRef>(a) : nullptr;
      if (ref != nullptr) agg_arg(n.name, *ref);
      else visit(a);
    }
  }

  void visit_Assign(ast::Assign& n) {
    auto* ix = ast::as<ast::Index>(n.lhs);
    ast::Expr* base = ix != nullptr ? ix->base : n.lhs;
    auto* inner = ast::as<ast::Index>(base);  // @a[i][j]
    if (auto* agg = inner != nullptr ? ast::as<ast::AggRef>(inner->base) : nullptr) {
      fail(n.loc, ErrTag::D_AGG_MDIM, cat("aggregation @", agg->name, " may not be multi-dimensional"));
      return;
    }
    auto* ref = ast::as<ast::AggRef>(base);
    auto* call = ast::as<ast::Call>(n.rhs);
    // An unknown function is D_FUNC_UNDEF below, as anywhere else.
    bool known = call != nullptr && (find_action(call->name) || find_subr(call->name));
    if (ref != nullptr && known && !find_aggfunc(call->name)) {
      fail(n.loc, ErrTag::D_AGG_FUNC,
           cat("@", ref->name, " must be assigned the result of an aggregating function"));
      return;
    }
    visit(n.rhs);
    define(n.lhs, n.op != ast::Op::Assign);
  }

  void visit_IncDec(ast::IncDec& n) { define(n.operand, true); }

  // `@a[1];` names an aggregation and does nothing with it.
  void visit_ExprStmt(ast::ExprStmt& n) {
    auto* ix = ast::as<ast::Index>(n.expr);
    auto* ref = ast::as<ast::AggRef>(ix != nullptr ? ix->base : n.expr);
    if (ref != nullptr)
      return fail(n.loc, ErrTag::D_AGG_NULL, cat("expression has null effect: @", ref->name));
    visit(n.expr);
  }

  bool failed() const { return failed_; }

 private:
  void fail(Loc loc, ErrTag tag, std::string msg) {
    if (!failed_) ctx_.error(loc, tag, std::move(msg));
    failed_ = true;
  }

  // What a called name that is not a function names, if anything.
  const char* non_function_kind(const std::string& name) {
    if (find_builtin_var(name) != nullptr || ctx_.idents.find(VarScope::Global, name) != nullptr)
      return "variable";
    if (ctx_.idents.find_inline(name) != nullptr) return "inline";
    return nullptr;
  }

  VarInfo* builtin(const std::string& name) {
    const BuiltinVar* b = find_builtin_var(name);
    if (b == nullptr) return nullptr;
    VarInfo* v = ctx_.idents.find(VarScope::Builtin, name);
    if (v == nullptr) {
      v = ctx_.idents.create(VarScope::Builtin, name, Loc{});
      v->id = b->id;
      v->is_array = b->is_array;
    }
    return v;
  }

  void read_ident(ast::Ident& n, bool indexed) {
    if (xlator_ != nullptr && !indexed && n.name == xlator_->decl->arg) {
      n.xlate_arg = xlator_;
      return;
    }
    for (size_t i = 0; inline_ != nullptr && !indexed && i < inline_->params.size(); i++) {
      if (n.name != inline_->params[i]) continue;
      n.param_of = inline_;
      n.param_index = static_cast<uint8_t>(i);
      return;
    }
    if ((n.var = builtin(n.name)) != nullptr) return;
    if ((n.var = ctx_.idents.find(VarScope::Global, n.name)) != nullptr) return;
    InlineInfo* own = ctx_.idents.find_inline(n.name);
    if (own != nullptr && own == inline_) {
      // An inline is not in scope in its own definition (DTrace: undefined).
      fail(n.loc, ErrTag::D_IDENT_UNDEF, unknown_name(n.name, "variable"));
      return;
    }
    if (InlineInfo* in = own; in != nullptr && in->parameterized()) {
      if (!indexed) {
        fail(n.loc, ErrTag::D_IDENT_BADREF, cat(n.name, "[ ] must be indexed"));
        return;
      }
      n.inline_def = in;  // typecheck checks the arguments
      return;
    }
    if (!indexed) {
      if (InlineInfo* in = ctx_.idents.find_inline(n.name)) {
        if (in->is_const) {
          n.is_const = true;
          n.const_value = in->value;
        } else {
          n.inline_def = in;
        }
        return;
      }
      // Last, the kernel's enumerators (BTF), so D's names hide them.
      if ((n.enum_type = ctx_.types.kernel_enumerator(n.name, n.const_value))) {
        n.is_const = true;
        return;
      }
    }
    // A target's typedef is never an unscoped name: say how to name it.
    std::string theirs = ctx_.types.target_spelling(Type::Kind::Void, n.name);
    fail(n.loc, ErrTag::D_IDENT_UNDEF,
         cat(unknown_name(n.name, "variable"),
             theirs.empty() ? "" : cat(" (the target's type is ", theirs, ")")));
  }

  VarInfo* find_or_create(VarScope scope, const std::string& name, Loc loc) {
    if (VarInfo* v = ctx_.idents.find(scope, name)) return v;
    if (!ctx_.idents.ids_left(scope)) {
      fail(loc, ErrTag::D_ID_OFLOW, "identifier space exhausted");
      return nullptr;
    }
    return ctx_.idents.create(scope, name, loc);
  }

  // An assignment target: creates the variable it names if needed.
  void define(ast::Expr* lhs, bool compound) {
    (void)compound;
    if (auto* id = ast::as<ast::Ident>(lhs)) {
      if ((id->var = builtin(id->name)) != nullptr) return;  // typecheck: not writable
      id->var = find_or_create(VarScope::Global, id->name, id->loc);
    } else if (auto* sv = ast::as<ast::ScopedVar>(lhs)) {
      VarScope scope = sv->scope == ast::ScopedVar::Scope::Thread ? VarScope::Thread : VarScope::Local;
      sv->var = find_or_create(scope, sv->name, sv->loc);
    } else if (auto* ref = ast::as<ast::AggRef>(lhs)) {
      ref->agg = ctx_.idents.find_agg(ref->name);
      if (ref->agg == nullptr) ref->agg = ctx_.idents.create_agg(ref->name, ref->loc);
    } else if (auto* ix = ast::as<ast::Index>(lhs)) {
      for (auto* a : ix->args) visit(a);
      define_array(ix->base);
    } else {
      visit(lhs);  // typecheck reports non-lvalues
    }
  }

  // The array (or aggregation) an assignment's base[keys] stores into.
  void define_array(ast::Expr* base) {
    if (auto* id = ast::as<ast::Ident>(base)) {
      if ((id->var = builtin(id->name)) != nullptr) return;
      InlineInfo* in = ctx_.idents.find_inline(id->name);
      if (in != nullptr && in->parameterized()) {
        id->inline_def = in;  // typecheck: not writable
        return;
      }
      // A variable already used as a scalar (a pointer) stays one.
      bool known = ctx_.idents.find(VarScope::Global, id->name) != nullptr;
      id->var = find_or_create(VarScope::Global, id->name, id->loc);
      if (id->var && !known && !id->var->declared) id->var->is_array = true;
    } else if (auto* sv = ast::as<ast::ScopedVar>(base)) {
      if (sv->scope == ast::ScopedVar::Scope::Local) {
        sv->var = ctx_.idents.find(VarScope::Local, sv->name);  // this->p[i] = v: p a pointer
        if (sv->var == nullptr)
          fail(sv->loc, ErrTag::D_ARR_LOCAL,
               cat("associative arrays may not be declared as local variables: this->", sv->name));
        return;
      }
      bool known = ctx_.idents.find(VarScope::Thread, sv->name) != nullptr;
      sv->var = find_or_create(VarScope::Thread, sv->name, sv->loc);
      if (sv->var && !known && !sv->var->declared) sv->var->is_array = true;
    } else if (base->kind() == ast::Kind::AggRef) {
      define(base, false);
    } else {
      visit(base);
    }
  }

  CompileContext& ctx_;
  const TranslatorInfo* xlator_;  // resolving this translator's members
  const InlineInfo* inline_;      // resolving this inline's definition
  bool failed_ = false;
};

}  // namespace

bool clause_undefined_retry(CompileContext& ctx, size_t errs) {
  const std::vector<Error>& all = ctx.diags.all();
  if (all.size() != errs + 1 ||
      (all[errs].tag != ErrTag::D_IDENT_UNDEF && all[errs].tag != ErrTag::D_VAR_UNDEF))
    return false;
  ctx.diags.truncate(errs);
  return true;
}

bool resolve_expr(CompileContext& ctx, ast::Expr* e, const InlineInfo* in) {
  Resolver r(ctx, nullptr, in);
  r.visit(e);
  return !r.failed() && !ctx.diags.has_error();
}

bool resolve_xlate_member(CompileContext& ctx, ast::Expr* e, const TranslatorInfo& x) {
  Resolver r(ctx, &x);
  r.visit(e);
  return !r.failed() && !ctx.diags.has_error();
}

bool resolve_idents(CompileContext& ctx) {
  Resolver r(ctx);
  for (ast::Node* n : ctx.ast.items) {
    if (n->kind() != ast::Kind::Clause) continue;
    r.visit(n);
    if (r.failed()) return false;
  }
  return !ctx.diags.has_error();
}

}  // namespace dtrace::cc
