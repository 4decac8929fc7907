#include "cc/types.h"

#include <set>

namespace dtrace::cc {

const Type::Member* Type::member(std::string_view n) const {
  for (const auto& m : members)
    if (m.name == n) return &m;
  return nullptr;
}

Type* TypeTable::add(Type t) {
  owned_.push_back(std::make_unique<Type>(std::move(t)));
  return owned_.back().get();
}

Type* TypeTable::add_int(const std::string& name, uint32_t size, bool is_signed) {
  Type t;
  t.kind = Type::Kind::Int;
  t.name = name;
  t.size = size;
  t.is_signed = is_signed;
  Type* p = add(std::move(t));
  note_name(name);
  names_[name] = p;
  return p;
}

TypeTable::TypeTable() {
  // The intrinsic C types are C's (-x ctypes), not D declarations.
  Converting c(*this);
  Type v;
  v.kind = Type::Kind::Void;
  v.name = "void";
  void_ = add(std::move(v));
  names_["void"] = void_;
  note_name("void");
  Type s;
  s.kind = Type::Kind::String;
  s.name = "string";
  string_ = add(std::move(s));
  names_["string"] = string_;  // D's own type: not noted as C

  char_ = add_int("char", 1, true);
  add_int("signed char", 1, true);
  add_int("unsigned char", 1, false);
  add_int("short", 2, true);
  add_int("unsigned short", 2, false);
  int_ = add_int("int", 4, true);
  uint_ = add_int("unsigned int", 4, false);
  long_ = add_int("long", 8, true);
  ulong_ = add_int("unsigned long", 8, false);
  add_int("long long", 8, true);
  add_int("unsigned long long", 8, false);
  for (auto [name, size] : {std::pair{"float", 4u}, {"double", 8u}, {"long double", 16u}}) {
    Type f;
    f.kind = Type::Kind::Float;
    f.name = name;
    f.size = size;
    names_[name] = add(std::move(f));
    note_name(name);
  }

  // Fixed-width and system typedefs D programs use without declaring.
  struct Alias {
    const char* name;
    const char* to;
  };
  static constexpr Alias kAliases[] = {
      {"int8_t", "signed char"},
      {"int16_t", "short"},
      {"int32_t", "int"},
      {"int64_t", "long long"},
      {"uint8_t", "unsigned char"},
      {"uint16_t", "unsigned short"},
      {"uint32_t", "unsigned int"},
      {"uint64_t", "unsigned long long"},
      {"intptr_t", "long"},
      {"uintptr_t", "unsigned long"},
      {"size_t", "unsigned long"},
      {"ssize_t", "long"},
      {"ptrdiff_t", "long"},
      {"off_t", "long"},
      {"off64_t", "long long"},
      {"loff_t", "long long"},
      {"pid_t", "int"},
      {"id_t", "int"},
      {"uid_t", "unsigned int"},
      {"gid_t", "unsigned int"},
      {"uint_t", "unsigned int"},
      {"uchar_t", "unsigned char"},
      {"ushort_t", "unsigned short"},
      {"ulong_t", "unsigned long"},
      {"longlong_t", "long long"},
      {"u_longlong_t", "unsigned long long"},
      {"processorid_t", "int"},
      {"hrtime_t", "long long"},
      {"time_t", "long"},
      {"dev_t", "unsigned int"},
      {"major_t", "unsigned int"},
      {"minor_t", "unsigned int"},
      {"zoneid_t", "int"},
      {"taskid_t", "int"},
      {"projid_t", "int"},
      {"boolean_t", "int"},
      {"mode_t", "unsigned int"},
      {"ino_t", "unsigned long"},
      {"nlink_t", "unsigned int"},
      {"caddr_t", nullptr},
      {"ipaddr_t", "unsigned int"},
      {"psetid_t", "int"},
      {"chipid_t", "int"},
      {"lgrp_id_t", "int"},
      {"u_int", "unsigned int"},
      {"u_long", "unsigned long"},
      {"u_char", "unsigned char"},
      {"u_short", "unsigned short"},
      {"daddr_t", "long"},
      {"blkcnt_t", "long"},
      {"clock_t", "long"},
  };
  for (const auto& a : kAliases) {
    if (a.to == nullptr) continue;
    add_typedef(a.name, lookup(a.to));
  }
  add_typedef("caddr_t", pointer_to(char_));
  // Opaque kernel structures named by built-in variables (cpuinfo_t,
  // curcpu's type, comes from the D library's sched.d).
  declare_tag(Type::Kind::Struct, "task_struct");
}

namespace {
// D`name is a type D declared (D's own container): unscoped here.
std::string_view without_d_module(std::string_view name) {
  return name.starts_with("D`") ? name.substr(2) : name;
}
}  // namespace

const Type* TypeTable::lookup(std::string_view name) const {
  name = without_d_module(name);
  auto it = names_.find(name);
  if (it != names_.end()) return it->second;
  // Conversion registers the typedef; the table is logically const.
  auto* self = const_cast<TypeTable*>(this);
  Converting c(*this);
  if (name.find('`') != std::string_view::npos) return user_ ? user_->typedef_named(*self, name) : nullptr;
  // Unscoped: D's, then the kernel's; never a target's, whose names
  // would turn the library's and the program's identifiers (U, S) into
  // type names (doc/compiler.md, "A target's types are scoped").
  return external_ ? external_->typedef_named(*self, name) : nullptr;
}

const Type* TypeTable::lookup_own(std::string_view name) const {
  auto it = names_.find(name);
  return it == names_.end() ? nullptr : it->second;
}

const Type* TypeTable::complete(const Type* t) {
  if (t == nullptr || t->complete || !t->is_sou()) return t;
  // Every Type comes from owned_, so the table may change it.
  auto* m = const_cast<Type*>(t);
  if (t->typedef_of != nullptr) {
    // A typedef of a tag defined after it (typedef struct t t; struct t
    // {...};): the copy takes the tag's layout once the tag has one.
    const Type* of = complete(t->typedef_of);
    if (of->complete) m->size = of->size, m->members = of->members, m->complete = true;
    return t;
  }
  Converting c(*this);
  if (t->user_space) {
    if (user_) user_->complete(*this, m);
    if (t->complete) note_name(t->name);
    return t;
  }
  // Unscoped: the kernel's tag only; a target's is struct a.out`tag.
  if (external_ != nullptr) external_->complete(*this, m);
  if (t->complete) note_name(t->name);  // a C type D only named
  return t;
}

std::string TypeTable::scoped_missing(Type::Kind kind, std::string_view name) {
  if (user_ == nullptr) return "Unknown module name";
  return user_->missing(kind, name);
}

std::string TypeTable::target_spelling(Type::Kind kind, std::string_view name) {
  if (user_ == nullptr || name.find('`') != std::string_view::npos) return {};
  std::string scoped = "a.out`" + std::string(name);
  if (!user_->missing(kind, scoped).empty()) return {};
  if (kind == Type::Kind::Void) return scoped;
  return (kind == Type::Kind::Struct ? "struct " : kind == Type::Kind::Union ? "union " : "enum ") + scoped;
}

const Type* TypeTable::complete_deep(const Type* t) {
  std::vector<const Type*> todo{t};
  std::set<const Type*> seen;
  while (!todo.empty()) {
    const Type* u = todo.back();
    todo.pop_back();
    if (u == nullptr || !seen.insert(u).second) continue;
    if (u->kind == Type::Kind::Array) todo.push_back(u->base);
    if (!u->is_sou()) continue;
    complete(u);
    for (const Type::Member& m : u->members) todo.push_back(m.type);
  }
  return t;
}

const Type* TypeTable::kernel_enumerator(std::string_view name, int64_t& value) {
  Converting c(*this);
  return external_ ? external_->enumerator(*this, name, value) : nullptr;
}

const Type* TypeTable::kernel_symbol_type(std::string_view name, bool& percpu) {
  percpu = false;
  Converting c(*this);
  return external_ ? external_->symbol_type(*this, name, percpu) : nullptr;
}

const Type* TypeTable::user_symbol_type(std::string_view scoped) {
  bool percpu = false;
  Converting c(*this);
  return user_ ? user_->symbol_type(*this, scoped, percpu) : nullptr;
}

Type* TypeTable::make_detached(Type::Kind kind, std::string name) {
  Type t;
  t.kind = kind;
  t.name = std::move(name);
  t.complete = false;
  return add(std::move(t));
}

const Type* TypeTable::lookup_tag(Type::Kind kind, std::string_view tag) const {
  const char* pfx = kind == Type::Kind::Struct ? "struct " : kind == Type::Kind::Union ? "union " : "enum ";
  auto it = tags_.find(std::string(pfx) + std::string(without_d_module(tag)));
  return it == tags_.end() ? nullptr : it->second;
}

const Type* TypeTable::integer(uint32_t size, bool is_signed) const {
  switch (size) {
    case 1: return lookup(is_signed ? "char" : "unsigned char");
    case 2: return lookup(is_signed ? "short" : "unsigned short");
    case 4: return is_signed ? int_ : uint_;
    default: return is_signed ? long_ : ulong_;
  }
}

const Type* TypeTable::pointer_to(const Type* t, bool user) {
  auto it = pointers_.find({t, user});
  if (it != pointers_.end()) return it->second;
  Type p;
  p.kind = Type::Kind::Pointer;
  p.size = 8;
  p.base = t;
  p.user_space = user;
  p.name = t->name + (t->kind == Type::Kind::Pointer ? "*" : " *");
  size_t at = t->decl_at;
  if (t->kind == Type::Kind::Function && at == std::string::npos)
    at = t->name.find('(');  // BTF's "ret (params)"
  if (at != std::string::npos) {
    // "int (*)(struct file *)", "int (**)(int)", "int (*(*)[4])(int)"
    bool wrap = t->kind == Type::Kind::Function || t->kind == Type::Kind::Array;
    p.name = t->name.substr(0, at) + (wrap ? "(*)" : "*") + t->name.substr(at);
    p.decl_at = at + (wrap ? 2 : 1);
  }
  const Type* r = add(std::move(p));
  pointers_[{t, user}] = r;
  return r;
}

const Type* TypeTable::array_of(const Type* t, uint32_t n, bool user) {
  Type a;
  a.kind = Type::Kind::Array;
  a.user_space = user;
  a.base = t;
  a.nelems = n;
  a.size = t->size * n;
  a.name = t->name + " [" + std::to_string(n) + "]";
  if (t->decl_at != std::string::npos) {  // "int (*[4])(int)"
    a.name = t->name.substr(0, t->decl_at) + "[" + std::to_string(n) + "]" + t->name.substr(t->decl_at);
    a.decl_at = t->decl_at;
  }
  return add(std::move(a));
}

const Type* TypeTable::add_typedef(std::string name, const Type* t, bool user) {
  Type copy = *t;
  copy.name = name;
  copy.decl_at = std::string::npos;
  copy.user_space |= user;
  copy.typedef_of = t;
  const Type* r = add(std::move(copy));
  note_name(name);
  names_[std::move(name)] = r;
  return r;
}

Type* TypeTable::declare_tag(Type::Kind kind, const std::string& scoped) {
  std::string_view tag = without_d_module(scoped);
  const char* pfx = kind == Type::Kind::Struct ? "struct " : kind == Type::Kind::Union ? "union " : "enum ";
  std::string full = pfx + std::string(tag);
  auto it = tags_.find(full);
  if (it != tags_.end()) return it->second;
  Type t;
  t.kind = kind;
  t.name = full;
  t.complete = false;
  t.user_space = tag.find('`') != std::string_view::npos;
  if (kind == Type::Kind::Enum) {
    t.size = 4;
    t.is_signed = true;
  }
  Type* r = add(std::move(t));
  note_name(full);
  tags_[full] = r;
  return r;
}

Type* TypeTable::make_anonymous(Type::Kind kind) {
  Type t;
  t.kind = kind;
  t.name = kind == Type::Kind::Struct  ? "struct <anon>"
           : kind == Type::Kind::Union ? "union <anon>"
                                       : "enum <anon>";
  t.complete = false;
  if (kind == Type::Kind::Enum) {
    t.size = 4;
    t.is_signed = true;
  }
  return add(std::move(t));
}

const Type* TypeTable::promote(const Type* t) const {
  if (t->is_int() && t->size < 4) return int_;
  if (t->kind == Type::Kind::Enum) return int_;
  return t;
}

const Type* TypeTable::arith_result(const Type* a, const Type* b) const {
  a = promote(a);
  b = promote(b);
  if (a == b) return a;
  if (a->size != b->size) return a->size > b->size ? a : b;
  if (a->is_signed == b->is_signed) return a;  // same rank, e.g. long vs int64_t
  return a->is_signed ? b : a;                 // unsigned wins at equal size
}

void TypeTable::for_each_named(
    const std::function<void(const std::string& name, const Type* t, bool from_c)>& f) const {
  for (const auto& [name, t] : names_) f(name, t, c_names_.count(name) != 0);
  for (const auto& [name, t] : tags_) f(name, t, c_names_.count(name) != 0);
}

}  // namespace dtrace::cc
