#include "cc/passes/decl.h"

#include <algorithm>
#include <optional>

#include "cc/builtins.h"
#include "cc/passes/fold.h"
#include "cc/passes/resolve.h"
#include "cc/passes/typecheck.h"
#include "cc/passes/xlate.h"
#include "cc/visitor.h"

namespace dtrace::cc {
namespace {

// The width of a bit-field member of type mt, checked; -1 after an error.
int bitfield_width(CompileContext& ctx, const ast::Body::MemberDecl& m, const Type* mt) {
  const std::string& name = m.type->decl.name;
  if (!mt->is_int()) {
    ctx.error(m.loc, ErrTag::D_DECL_BFTYPE,
              cat("invalid type for bit-field: ", name.empty() ? "(anon)" : name));
    return -1;
  }
  std::optional<int64_t> w = eval_const(ctx, m.bits);
  // Only an unnamed bit-field may be 0 wide (it pads to the next unit).
  if (!w || *w < 0 || (*w == 0 && !name.empty())) {
    ctx.error(m.loc, ErrTag::D_DECL_BFCONST,
              "positive integral constant expression expected as bit-field size");
    return -1;
  }
  if (*w > static_cast<int64_t>(mt->size) * 8) {
    ctx.error(m.loc, ErrTag::D_DECL_BFSIZE, cat("bit-field too big for type: ", name));
    return -1;
  }
  return static_cast<int>(*w);
}

// The bytes of the integer that holds a w-bit bit-field: 1, 2, 4 or 8.
uint32_t bitfield_unit(uint32_t w) {
  uint32_t n = 1;
  while (n * 8 < w) n *= 2;
  return n;
}

// A type's alignment as DTrace's type container computes it: a scalar's
// size, an array's element's, a union's largest member's, and a struct's
// first member's (only the first: struct { char c; long l; } aligns to 1).
uint32_t align_of(const Type* t) {
  switch (t->kind) {
    case Type::Kind::String: return 1;
    case Type::Kind::Array: return t->base != nullptr ? align_of(t->base) : 1;
    case Type::Kind::Struct:
    case Type::Kind::Union: {
      if (t->members.empty()) return std::clamp<uint32_t>(t->size, 1, 8);
      uint32_t a = 1;
      for (const Type::Member& m : t->members) {
        a = std::max(a, m.bits != 0 ? bitfield_unit(m.bits) : align_of(m.type));
        if (t->kind == Type::Kind::Struct) break;
      }
      return a;
    }
    default: return std::max<uint32_t>(t->size, 1);
  }
}

// The layout of a D struct or union body, DTrace's (its type container's):
// each member at the next byte after the previous member's last bit, rounded
// up to the member's alignment; a bit-field is an integer of the fewest
// bytes that hold its bits (1, 2, 4, 8), aligned to that size and starting
// at its first byte, and an unnamed 0-wide one is ignored. The size ends at
// the last member's last byte, with no padding after it.
bool lay_out_members(CompileContext& ctx, const ast::TypeSpec& spec, Type* t) {
  bool is_struct = spec.tag_kind == Type::Kind::Struct;
  uint64_t end_bit = 0;  // the previous member's end, in bits
  uint32_t size = 0;
  for (const auto& m : spec.body->members) {
    if (m.type->decl.is_function) {  // struct { int f(); }: DTrace's wording
      ctx.error(m.loc, ErrTag::D_DECL_VOIDOBJ, cat("cannot have void member: ", m.type->decl.name));
      return false;
    }
    // A floating-point bit-field is refused as a bit-field (by its words:
    // before `long float` is refused as a type).
    const std::vector<std::string>& words = m.type->spec.words;
    if (m.bits != nullptr && m.type->decl.pointers == 0 &&
        std::ranges::any_of(words, [](const std::string& w) { return w == "float" || w == "double"; })) {
      const std::string& n = m.type->decl.name;
      ctx.error(m.loc, ErrTag::D_DECL_BFTYPE, cat("invalid type for bit-field: ", n.empty() ? "(anon)" : n));
      return false;
    }
    const Type* mt = resolve_typename(ctx, m.type);
    if (mt == nullptr) return false;
    const std::string& name = m.type->decl.name;
    // A member of a struct or union declared but not (yet) defined, or of
    // the one being defined (struct s { struct s x; }), has no layout.
    if (mt->is_sou() && (!mt->complete || mt == t)) {
      ctx.error(m.loc, ErrTag::D_DECL_INCOMPLETE, cat("incomplete struct/union/enum ", mt->name, ": ", name));
      return false;
    }
    if (!name.empty() && t->member(name) != nullptr) {
      ctx.error(m.loc, ErrTag::D_UNKNOWN,
                cat("failed to define member '", name, "': Duplicate member or variable name"));
      return false;
    }
    // A string member holds strsize bytes, as a char array would.
    uint32_t msize = mt->is_string() ? ctx.options.strsize : mt->size;
    uint32_t a = align_of(mt);
    int w = 0;
    if (m.bits != nullptr) {
      w = bitfield_width(ctx, m, mt);
      if (w < 0) return false;
      if (w == 0) continue;  // only unnamed ones are 0 wide: DTrace ignores them
      msize = a = bitfield_unit(static_cast<uint32_t>(w));
    }
    uint32_t off = is_struct ? static_cast<uint32_t>((end_bit + 7) / 8 + a - 1) / a * a : 0;
    if (!name.empty()) t->members.push_back({name, mt, off, 0, static_cast<uint8_t>(w)});
    size = std::max(size, off + msize);
    if (is_struct) end_bit = uint64_t(off) * 8 + (w != 0 ? uint64_t(w) : uint64_t(msize) * 8);
  }
  t->size = size;
  return true;
}

const char* tag_name(Type::Kind k) {
  return k == Type::Kind::Struct ? "struct " : k == Type::Kind::Union ? "union " : "enum ";
}

const Type* base_type(CompileContext& ctx, const ast::TypeSpec& spec, Loc loc) {
  TypeTable& types = ctx.types;
  if (spec.tag_kind != Type::Kind::Void && !spec.words.empty()) {
    // unsigned struct s, long struct s: a sign or size for a type that takes none.
    if (spec.tag_loc.line != 0) loc = spec.tag_loc;
    auto has = [&](std::string_view a, std::string_view b) {
      return std::ranges::any_of(spec.words, [&](const std::string& w) { return w == a || w == b; });
    };
    if (has("signed", "unsigned"))
      ctx.error(loc, ErrTag::D_DECL_SIGNINT,
                "invalid type declaration: signed and unsigned may only be used with integer type");
    else if (has("long", "short"))
      ctx.error(loc, ErrTag::D_DECL_LONGINT,
                has("long", "long")
                    ? "invalid type declaration: long and long long may only be used with integer "
                      "or floating-point type"
                    : "invalid type declaration: short and long may only be used with integer or "
                      "floating-point type");
    else ctx.error(loc, ErrTag::D_DECL_COMBO, "invalid type combination");
    return nullptr;
  }
  if (spec.defined != nullptr) return spec.defined;
  if (spec.tag_kind != Type::Kind::Void) {
    if (spec.tag.find('`') != std::string::npos &&
        !spec.tag.starts_with("D`")) {  // struct a.out`point: a user object's
      std::string why = types.scoped_missing(spec.tag_kind, spec.tag);
      if (!why.empty()) {
        ctx.error(loc, ErrTag::D_UNKNOWN,
                  cat("failed to resolve type ", tag_name(spec.tag_kind), spec.tag, ": ", why));
        return nullptr;
      }
    }
    Type* t =
        spec.tag.empty() ? types.make_anonymous(spec.tag_kind) : types.declare_tag(spec.tag_kind, spec.tag);
    if (spec.body == nullptr) return t;
    if (t->complete && !spec.tag.empty()) {
      ctx.error(loc, ErrTag::D_DECL_TYPERED, cat("type redeclared: ", t->name));
      return nullptr;
    }
    if (spec.tag_kind == Type::Kind::Enum) {
      int64_t next = 0;
      for (const auto& e : spec.body->enumerators) {
        if (e.value != nullptr) {
          std::optional<int64_t> v = eval_const(ctx, e.value);
          if (!v) {
            ctx.error(e.loc, ErrTag::D_DECL_ENCONST,
                      cat("enumerator '", e.name, "' must be assigned to an integral constant expression"));
            return nullptr;
          }
          next = *v;
        }
        if (next > INT32_MAX || next < INT32_MIN) {
          ctx.error(e.loc, ErrTag::D_DECL_ENOFLOW,
                    cat("enumerator '", e.name, "' value overflows INT_MAX (2147483647)"));
          return nullptr;
        }
        for (const auto& [other, v] : t->enumerators) {
          if (other != e.name) continue;
          ctx.error(e.loc, ErrTag::D_UNKNOWN,
                    cat("failed to define enumerator '", e.name, "': Duplicate member or variable name"));
          return nullptr;
        }
        // Enumerators share the global name space with inlines and variables.
        if (ctx.idents.find_inline(e.name) != nullptr ||
            ctx.idents.find(VarScope::Global, e.name) != nullptr) {
          ctx.error(e.loc, ErrTag::D_DECL_IDRED, cat("identifier redeclared: ", e.name));
          return nullptr;
        }
        t->enumerators.emplace_back(e.name, next);
        InlineInfo* in = ctx.idents.create_inline(e.name);
        in->type = types.int_type();
        in->is_const = true;
        in->value = next;
        next++;
      }
    } else if (!lay_out_members(ctx, spec, t)) {
      return nullptr;
    }
    t->complete = true;
    return t;
  }
  int nunsigned = 0, nsigned = 0, nlong = 0, nshort = 0, nchar = 0, nint = 0;
  std::string other;
  for (const std::string& w : spec.words) {
    if (w == "unsigned") nunsigned++;
    else if (w == "signed") nsigned++;
    else if (w == "long") nlong++;
    else if (w == "short") nshort++;
    else if (w == "char") nchar++;
    else if (w == "int") nint++;
    else if (!other.empty()) {
      ctx.error(loc, ErrTag::D_DECL_COMBO, "invalid type combination");
      return nullptr;
    } else other = w;
  }
  bool sign = nunsigned + nsigned > 0, size = nlong + nshort > 0;
  if (other == "void" && (sign || size)) {
    ctx.error(loc, ErrTag::D_DECL_VOIDATTR,
              "invalid type declaration: attributes may not be used with void type");
    return nullptr;
  }
  if (!other.empty() && other != "float" && other != "double" && sign) {
    ctx.error(loc, ErrTag::D_DECL_SIGNINT,
              "invalid type declaration: signed and unsigned may only be used with integer type");
    return nullptr;
  }
  if (!other.empty() && other != "double" && size) {
    ctx.error(
        loc, ErrTag::D_DECL_LONGINT,
        "invalid type declaration: short and long may only be used with integer or floating-point type");
    return nullptr;
  }
  if (nchar && size) {
    ctx.error(loc, ErrTag::D_DECL_CHARATTR,
              "invalid type declaration: short and long may not be used with char type");
    return nullptr;
  }
  // short long names no type: DTrace looks it up as a name and fails.
  if (nshort && nlong && other.empty() && nchar == 0) {
    ctx.error(loc, ErrTag::D_UNKNOWN,
              cat("failed to resolve type ",
                  nunsigned ? "unsigned "
                  : nsigned ? "signed "
                            : "",
                  "short long ", nint ? "int " : "", ": Unknown type name"));
    return nullptr;
  }
  if ((!other.empty() && nchar + nint > 0) || nchar > 1 || nint > 1 || nshort > 1 || nlong > 2 ||
      (nchar && nint) || (nunsigned && nsigned) || nunsigned > 1 || nsigned > 1) {
    ctx.error(loc, ErrTag::D_DECL_COMBO, "invalid type combination");
    return nullptr;
  }
  if (!other.empty()) {
    // float, double, long double; a sign or other size is no type.
    if (other == "float" || other == "double") {
      if (sign || nshort || nlong > 1 || (nlong && other == "float")) {
        ctx.error(loc, ErrTag::D_DECL_COMBO, "invalid type combination");
        return nullptr;
      }
      return types.lookup_own(nlong ? "long double" : other);
    }
    const Type* t = types.lookup(other);
    // Unreachable from a program (the lexer made `other` a type name only
    // when lookup found it): a safeguard, see doc/compiler.md, D_TYPE_ERR.
    if (t == nullptr) ctx.error(loc, ErrTag::D_TYPE_ERR, cat("undefined type: ", other));
    return t;
  }
  bool is_unsigned = nunsigned > 0;
  if (nchar) return types.lookup(is_unsigned ? "unsigned char" : nsigned ? "signed char" : "char");
  if (nshort) return types.lookup(is_unsigned ? "unsigned short" : "short");
  if (nlong >= 2) return types.lookup(is_unsigned ? "unsigned long long" : "long long");
  if (nlong == 1) return is_unsigned ? types.ulong_type() : types.long_type();
  return is_unsigned ? types.uint_type() : types.int_type();
}

// Key #i of an associative array (or inline) declaration: a scalar or
// string; "..." and void (alone or not) are not keys.
const Type* key_type(CompileContext& ctx, const std::string& name, const std::vector<ast::TypeName*>& keys,
                     size_t i) {
  ast::TypeName* k = keys[i];
  if (k->spec.words.size() == 1 && k->spec.words[0] == "...") {
    ctx.error(k->loc, ErrTag::D_DECL_PROTO_VARARGS,
              "array prototype may not use a variable-length argument list");
    return nullptr;
  }
  const Type* t = resolve_typename(ctx, k);
  if (t == nullptr) return nullptr;
  if (t->is_void()) {
    if (!k->decl.name.empty())
      ctx.error(k->loc, ErrTag::D_DECL_PROTO_NAME,
                cat(name, "[ ] void parameter may not have a name: ", k->decl.name));
    else
      ctx.error(k->loc, ErrTag::D_DECL_PROTO_VOID,
                cat(name, "[ ] parameter #", i + 1, " may not be of type void"));
    return nullptr;
  }
  if (!t->is_scalar() && !t->is_string()) {
    ctx.error(k->loc, ErrTag::D_DECL_PROTO_TYPE,
              cat(name, "[ ] parameter #", i + 1, " has invalid type: ", t->name));
    return nullptr;
  }
  return t;
}

}  // namespace

// (*name)(params) returning ret: a pointer to a Function type named as
// kernel (BTF) function types are, "ret (param, ...)", or as C writes it
// around a return type built around a declarator: "int (*(int))(char)".
static const Type* function_pointer(CompileContext& ctx, const Type* ret, const ast::Declarator& decl) {
  std::string params = "(";
  for (size_t i = 0; i < decl.fn_params.size(); i++) {
    ast::TypeName* p = decl.fn_params[i];
    bool varargs = p->spec.words.size() == 1 && p->spec.words[0] == "...";
    const Type* pt = varargs ? nullptr : resolve_typename(ctx, p);
    if (!varargs && pt == nullptr) return nullptr;
    params += cat(i > 0 ? ", " : "", varargs ? "..." : pt->name);
  }
  params += decl.fn_params.empty() ? "void)" : ")";
  size_t at = ret->decl_at != std::string::npos ? ret->decl_at : ret->name.size() + 1;
  std::string name = ret->decl_at != std::string::npos
                         ? ret->name.substr(0, at) + params + ret->name.substr(at)
                         : ret->name + " " + params;
  Type* f = ctx.types.make_detached(Type::Kind::Function, name);
  f->decl_at = at;
  f->base = ret;
  f->size = 1;
  f->complete = true;
  const Type* t = f;
  for (int i = 0; i < decl.fn_pointers; i++) t = ctx.types.pointer_to(t);
  return t;
}

// The type decl derives from t, as C reads it: a function pointer's
// return type levels first (decl.ret), then the pointers, the function
// and the pointers to it, then the array dimensions.
static const Type* derive(CompileContext& ctx, const Type* t, const ast::Declarator& decl, bool userland,
                          Loc loc) {
  if (decl.ret && (t = derive(ctx, t, *decl.ret, userland, loc)) == nullptr) return nullptr;
  // userland: the pointers point into the target's memory (user loads,
  // stringof copies in), as DTrace's userland attribute does.
  for (int i = 0; i < decl.pointers; i++) t = ctx.types.pointer_to(t, userland || t->user_space);
  if (decl.fn_pointers > 0 && (t = function_pointer(ctx, t, decl)) == nullptr) return nullptr;
  // C arrays, innermost dimension last: int a[2][3] is 2 x (3 x int).
  for (size_t i = decl.dims.size(); i-- > 0;) {
    const ast::ArrayDim& d = decl.dims[i];
    if (!d.keys.empty()) continue;
    if (d.size == nullptr) {
      ctx.error(loc, ErrTag::D_DECL_ARRNULL,
                cat("array declaration requires array dimension or tuple signature: ", decl.name));
      return nullptr;
    }
    std::optional<int64_t> n = eval_const(ctx, d.size);
    if (!n || *n <= 0) {
      ctx.error(
          loc, ErrTag::D_DECL_ARRSUB,
          "positive integral constant expression or tuple signature expected as array declaration subscript");
      return nullptr;
    }
    if (static_cast<uint64_t>(*n) * std::max<uint32_t>(t->size, 1) > UINT32_MAX) {
      ctx.error(loc, ErrTag::D_DECL_ARRBIG, "array dimension too big");
      return nullptr;
    }
    t = ctx.types.array_of(t, static_cast<uint32_t>(*n));
  }
  return t;
}

const Type* resolve_type(CompileContext& ctx, const ast::TypeSpec& spec, const ast::Declarator& decl,
                         Loc loc) {
  // Only a declaration of its own declares a function (declare_var).
  if (decl.is_function) {
    ctx.error(loc, ErrTag::D_DECL_COMBO, cat("invalid type combination: function type for ", decl.name));
    return nullptr;
  }
  const Type* t = base_type(ctx, spec, loc);
  if (t == nullptr) return nullptr;
  if (t->is_sou()) ctx.types.complete(t);  // kernel structs named in D
  return derive(ctx, t, decl, spec.userland, loc);
}

const Type* resolve_typename(CompileContext& ctx, ast::TypeName* t) {
  if (t->resolved == nullptr) t->resolved = resolve_type(ctx, t->spec, t->decl, t->loc);
  return t->resolved;
}

void declare_types_now(CompileContext& ctx, ast::VarDecl* d) {
  // typedef char new_int; with new_int a type already: the lexer read the
  // name as a type, so the declarator is the last specifier word.
  const std::vector<std::string>& words = d->spec.words;
  if (d->decls.empty() && d->storage == ast::StorageClass::Typedef && d->spec.tag_kind == Type::Kind::Void &&
      words.size() >= 2 && ctx.types.lookup_own(words.back()) != nullptr) {
    ast::TypeSpec head = d->spec;
    head.words.pop_back();
    const Type* t = base_type(ctx, head, d->loc);
    if (t == nullptr) return;
    const Type* old = ctx.types.lookup_own(words.back());
    if (t != old && t != old->typedef_of)  // the same type again is allowed (C11)
      ctx.error(d->loc, ErrTag::D_DECL_IDRED, cat("typedef redeclared: ", words.back()));
    return;
  }
  if (d->decls.empty() && d->spec.tag_kind == Type::Kind::Void) {
    ctx.error(d->loc, ErrTag::D_DECL_USELESS, "useless declaration");
    return;
  }
  if (d->storage != ast::StorageClass::Typedef) {
    // struct/union/enum bodies define their tags even in variable declarations.
    if (d->spec.body != nullptr) {
      ast::Declarator none;
      const Type* t = resolve_type(ctx, d->spec, none, d->loc);
      if (t != nullptr && d->spec.tag.empty()) d->spec.defined = t;  // struct { ... } v;
      if (t) d->spec.body = nullptr, d->spec.tag = t->name.substr(t->name.find(' ') + 1);
    }
    return;
  }
  for (const ast::Declarator& decl : d->decls) {
    const Type* t = resolve_type(ctx, d->spec, decl, d->loc);
    if (t == nullptr) return;
    // A typedef may be repeated for the same type (C11).
    const Type* old = ctx.types.lookup_own(decl.name);
    if (old == t) continue;
    if (old != nullptr) {
      ctx.error(decl.loc, ErrTag::D_DECL_IDRED, cat("identifier redeclared: ", decl.name));
      return;
    }
    ctx.types.add_typedef(decl.name, t);
  }
}

bool complete_inline(CompileContext& ctx, InlineInfo* in) {
  if (!in->pending) return true;
  if (in->completing) {  // D library inlines defined through each other
    ctx.error(in->decl_loc, ErrTag::D_IDENT_UNDEF, unknown_name(in->name, "variable"));
    return false;
  }
  in->completing = true;
  const Type* vt = resolve_expr(ctx, in->expr, in) ? typecheck_expr(ctx, in->expr) : nullptr;
  in->completing = false;
  if (vt == nullptr) return false;
  if (!assignable(in->type, vt)) {
    ctx.error(in->decl_loc, ErrTag::D_OP_INCOMPAT,
              cat("inline ", in->name, " definition uses incompatible types: \"", in->type->name, "\" = \"",
                  vt->name, "\""));
    return false;
  }
  in->expr = fold_expr(ctx, in->expr);
  in->pending = false;  // stays pending after an error: every use reports it
  return true;
}

namespace {

// inline type name = expr;
bool declare_inline(CompileContext& ctx, ast::InlineDecl* d) {
  const Type* t = resolve_type(ctx, d->spec, d->decl, d->loc);
  if (t == nullptr) return false;
  std::vector<std::string> params;
  std::vector<const Type*> param_types;
  if (!d->decl.dims.empty() && !d->decl.dims[0].keys.empty()) {
    const auto& keys = d->decl.dims[0].keys;
    for (size_t i = 0; i < keys.size(); i++) {
      const Type* pt = key_type(ctx, d->decl.name, keys, i);
      if (pt == nullptr) return false;
      const std::string& pname = keys[i]->decl.name;
      if (pname.empty()) {
        ctx.error(d->loc, ErrTag::D_DECL_PROTO_FORM,
                  cat("inline ", d->decl.name, "[ ] parameter #", i + 1, " requires a name"));
        return false;
      }
      if (std::find(params.begin(), params.end(), pname) != params.end()) {
        ctx.error(keys[i]->loc, ErrTag::D_DECL_IDRED,
                  cat("inline ", d->decl.name, "[ ] parameter redeclared: ", pname));
        return false;
      }
      params.push_back(pname);
      param_types.push_back(pt);
    }
  }
  const std::string& name = d->decl.name;
  bool function = find_subr(name) || find_action(name) || find_aggfunc(name);
  const InlineInfo* old = ctx.idents.find_inline(name);
  if (function || find_builtin_var(name) || old != nullptr || ctx.types.lookup(name) != nullptr) {
    // DTrace's words: what the name was before, kind then "inline".
    const char* was = function                                 ? "function "
                      : old != nullptr && old->parameterized() ? "array inline"
                      : old != nullptr                         ? "scalar inline"
                      : find_builtin_var(name)                 ? "scalar "
                                                               : "type ";
    ctx.error(d->loc, ErrTag::D_DECL_IDRED,
              cat("identifier redefined: ", name, "\n\t current: inline definition\n\tprevious: ", was));
    return false;
  }
  std::optional<int64_t> v = t->is_int() && params.empty() ? eval_const(ctx, d->value) : std::nullopt;
  if (v) {
    InlineInfo* in = ctx.idents.create_inline(d->decl.name);
    in->type = t;
    in->is_const = true;
    in->value = *v;
    return true;
  }
  // A non-constant inline: typed now (D library: at first use),
  // expanded where it is used.
  InlineInfo* in = ctx.idents.create_inline(d->decl.name);
  in->type = t;
  in->expr = d->value;
  in->pending = true;
  in->decl_loc = d->loc;
  in->params = std::move(params);
  in->param_types = std::move(param_types);
  if (!ctx.library && !complete_inline(ctx, in)) return false;
  return true;
}

// int f(int, char *); declares a C function D has no use for: its
// parameters are checked as DTrace checks a prototype, then it is ignored.
bool check_function_decl(CompileContext& ctx, const ast::Declarator& decl) {
  if (!decl.dims.empty()) {
    ctx.error(decl.loc, ErrTag::D_DECL_COMBO, "invalid type combination: function returning an array");
    return false;
  }
  const auto& ps = decl.func_params;
  for (size_t i = 0; i < ps.size(); i++) {
    const ast::TypeName* p = ps[i];
    if (p->spec.words.size() == 1 && p->spec.words[0] == "...") continue;
    if (!p->decl.dims.empty() && !p->decl.dims[0].keys.empty()) {
      ctx.error(p->loc, ErrTag::D_DECL_PROTO_TYPE,
                cat("function prototype may not use parameter of type dynamic variable: ", p->decl.name,
                    ", parameter #", i + 1));
      return false;
    }
    const Type* t = resolve_typename(ctx, const_cast<ast::TypeName*>(p));
    if (t == nullptr) return false;
    if (!t->is_void() || p->decl.pointers > 0) continue;
    if (!p->decl.name.empty()) {
      ctx.error(p->loc, ErrTag::D_DECL_PROTO_NAME, cat("void parameter may not have a name: ", p->decl.name));
      return false;
    }
    if (ps.size() > 1) {
      ctx.error(p->loc, ErrTag::D_DECL_PROTO_VOID, "void must be sole parameter");
      return false;
    }
  }
  return true;
}

// [class] type declarator, ...; (typedefs were declared with the types)
bool declare_var(CompileContext& ctx, ast::VarDecl* d) {
  if (d->storage == ast::StorageClass::Typedef) return true;
  VarScope scope = d->storage == ast::StorageClass::Self   ? VarScope::Thread
                   : d->storage == ast::StorageClass::This ? VarScope::Local
                                                           : VarScope::Global;
  if (d->storage == ast::StorageClass::Register || d->storage == ast::StorageClass::Auto) {
    ctx.error(d->loc, ErrTag::D_DECL_BADCLASS, "specified storage class not appropriate in D");
    return false;
  }
  for (const ast::Declarator& decl : d->decls) {
    if (decl.is_function) {
      if (!check_function_decl(ctx, decl)) return false;
      continue;
    }
    // extern int a[];: an object defined elsewhere may leave its outermost
    // dimension open (DTrace takes it as 0 elements); a D variable may not.
    bool open = d->storage == ast::StorageClass::Extern && !decl.dims.empty() &&
                decl.dims[0].size == nullptr && decl.dims[0].keys.empty();
    const Type* t;
    if (open) {
      ast::Declarator inner = decl;
      inner.dims.erase(inner.dims.begin());
      t = resolve_type(ctx, d->spec, inner, d->loc);
      if (t != nullptr) t = ctx.types.array_of(t, 0);
    } else {
      t = resolve_type(ctx, d->spec, decl, d->loc);
    }
    if (t == nullptr) return false;
    if (t->is_void()) {
      ctx.error(decl.loc, ErrTag::D_DECL_VOIDOBJ, cat("cannot declare void object : ", decl.name));
      return false;
    }
    if (t->is_sou() && !t->complete) {
      ctx.error(decl.loc, ErrTag::D_DECL_INCOMPLETE,
                cat("declaration of ", decl.name, " has incomplete type: ", t->name));
      return false;
    }
    bool assoc = !decl.dims.empty() && !decl.dims[0].keys.empty();
    if (assoc && scope == VarScope::Local) {
      ctx.error(decl.loc, ErrTag::D_DECL_LOCASSC,
                cat("associative arrays may not be declared as local variables: ", decl.name));
      return false;
    }
    VarInfo* v = ctx.idents.find(scope, decl.name);
    if (v != nullptr) {
      if (v->type != nullptr && v->type != t && v->type->name != t->name) {
        ctx.error(decl.loc, ErrTag::D_DECL_IDRED, cat("identifier redeclared: ", decl.name));
        return false;
      }
    } else {
      if (!ctx.idents.ids_left(scope)) {
        ctx.error(decl.loc, ErrTag::D_ID_OFLOW, "identifier space exhausted");
        return false;
      }
      v = ctx.idents.create(scope, decl.name, decl.loc);
    }
    v->type = t;
    v->declared = true;
    if (assoc) {
      v->is_array = true;
      v->keys.clear();
      for (size_t i = 0; i < decl.dims[0].keys.size(); i++) {
        const Type* kt = key_type(ctx, decl.name, decl.dims[0].keys, i);
        if (kt == nullptr) return false;
        v->keys.push_back(kt);
      }
      v->keys_known = true;
    }
  }
  return true;
}

// The program's inline, translator and variable declarations, in order;
// false stops at the first error.
class Declarer : public Visitor<Declarer, bool> {
 public:
  explicit Declarer(CompileContext& c) : ctx_(c) {}
  bool visit_node(ast::Node&) { return true; }
  bool visit_InlineDecl(ast::InlineDecl& d) { return declare_inline(ctx_, &d); }
  bool visit_Translator(ast::Translator& t) { return declare_translator(ctx_, &t); }
  bool visit_VarDecl(ast::VarDecl& d) { return declare_var(ctx_, &d); }

 private:
  CompileContext& ctx_;
};

}  // namespace

bool declare_vars(CompileContext& ctx) {
  Declarer d(ctx);
  for (ast::Node* n : ctx.ast.items)
    if (!d.visit(n)) return false;
  return !ctx.diags.has_error();
}

}  // namespace dtrace::cc
