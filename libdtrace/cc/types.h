// D types, the minimal model this compiler needs before CTF/BTF arrive:
// integers (with their C/D names), string, void, pointers, arrays,
// struct/union/enum shells and typedef names. Types are immutable once
// made and owned by a TypeTable that outlives every compile of a
// Compiler (variables keep their types across programs).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace dtrace::cc {

struct Type {
  // Function: a kernel function symbol (`vfs_read); base is the return
  // type, name "ret (params)"; only pointers to it are values.
  // Float: float, double, long double: data D declares, stores, copies
  // and prints (printf %e %f %g), never computes with.
  enum class Kind : uint8_t { Void, Int, String, Pointer, Array, Struct, Union, Enum, Function, Float };
  Kind kind = Kind::Void;
  std::string name;            // as DTrace prints it: "int", "uint64_t", "char *"
  uint32_t size = 0;           // bytes; strings: 0 (strsize applies)
  bool is_signed = false;      // Int, Enum
  const Type* base = nullptr;  // Pointer: pointee; Array: element
  uint32_t nelems = 0;         // Array
  bool complete = true;        // struct/union declared but not defined: false
  // In the target's memory: a pointer (or array, struct) whose loads are
  // user loads; set on every type converted from a user object's DWARF.
  bool user_space = false;
  const Type* typedef_of = nullptr;  // a typedef name's type: the type it names
  // Where C writes a declarator inside name, for types built around one:
  // "int (*|)(int)", "int (*|[4])(int)", "int |(int)"; npos: at the end.
  size_t decl_at = std::string::npos;
  struct Member {
    std::string name;
    const Type* type;
    uint32_t offset;      // bytes; a bit-field: the byte holding its first bit
    uint8_t bit_off = 0;  // bit-field: first bit within that byte (LSB = 0)
    uint8_t bits = 0;     // bit-field width; 0: not a bit-field
  };
  std::vector<Member> members;                               // Struct/Union
  std::vector<std::pair<std::string, int64_t>> enumerators;  // Enum

  bool is_int() const { return kind == Kind::Int || kind == Kind::Enum; }
  bool is_string() const { return kind == Kind::String; }
  bool is_pointer() const { return kind == Kind::Pointer; }
  bool is_void() const { return kind == Kind::Void; }
  bool is_scalar() const { return is_int() || is_pointer(); }
  bool is_sou() const { return kind == Kind::Struct || kind == Kind::Union; }
  bool is_float() const { return kind == Kind::Float; }
  // Passed by address, never in a register: aggregates, and a long double,
  // whose 16 bytes a DIF register cannot hold.
  bool by_ref() const { return is_sou() || kind == Kind::Array || (is_float() && size > 8); }
  const Member* member(std::string_view n) const;
};

class TypeTable;

// A source of types beyond D's own (the kernel's BTF): asked for typedef
// names the D container lacks and for the members of tags D only knows
// by name. Implementations convert lazily, one referenced type at a time.
class ExternalTypes {
 public:
  virtual ~ExternalTypes() = default;
  virtual const Type* typedef_named(TypeTable& tt, std::string_view name) = 0;
  // Fills t's members and size when the source defines it; false if not.
  virtual bool complete(TypeTable& tt, Type* t) = 0;
  // For sources of object-scoped names (mod`name; kind Void: a typedef):
  // "" when the name resolves, else the reason ("Unknown module name").
  virtual std::string missing(Type::Kind, std::string_view) { return {}; }
  // Kernel sources: the enum declaring enumerator `name` (value set).
  virtual const Type* enumerator(TypeTable&, std::string_view, int64_t&) { return nullptr; }
  // Kernel sources: the type of symbol `name` (a function's Function
  // type, a described variable's type), or nullptr; percpu is set for a
  // per-CPU variable, whose symbol value is no address.
  virtual const Type* symbol_type(TypeTable&, std::string_view, bool& /*percpu*/) { return nullptr; }
  // Kernel sources: what the user can do when symbol_type() has none.
  virtual std::string symbol_hint() { return {}; }
};

class TypeTable {
 public:
  TypeTable();
  TypeTable(const TypeTable&) = delete;
  TypeTable& operator=(const TypeTable&) = delete;

  // A type or typedef name ("int", "uint64_t", "pid_t", "string").
  const Type* lookup(std::string_view name) const;
  // D's own names only (never asks the external source).
  const Type* lookup_own(std::string_view name) const;
  bool is_type_name(std::string_view name) const { return lookup(name) != nullptr; }
  // struct/union/enum tags.
  const Type* lookup_tag(Type::Kind kind, std::string_view tag) const;

  const Type* void_type() const { return void_; }
  const Type* string_type() const { return string_; }
  const Type* int_type() const { return int_; }    // int
  const Type* uint_type() const { return uint_; }  // unsigned int
  const Type* long_type() const { return long_; }  // long (8)
  const Type* ulong_type() const { return ulong_; }
  const Type* char_type() const { return char_; }
  const Type* int64() const { return lookup("int64_t"); }
  const Type* uint64() const { return lookup("uint64_t"); }

  // The canonical C integer type of a size and signedness.
  const Type* integer(uint32_t size, bool is_signed) const;
  // A pointer to t; user: into the target's memory (user loads). Without
  // user, a pointer to a user type (user_space set) is a user pointer.
  const Type* pointer_to(const Type* t) { return pointer_to(t, t->user_space); }
  const Type* pointer_to(const Type* t, bool user);
  const Type* array_of(const Type* t, uint32_t n) { return array_of(t, n, t->user_space); }
  const Type* array_of(const Type* t, uint32_t n, bool user);
  // typedef: a new name for t (user: the name of a user type).
  const Type* add_typedef(std::string name, const Type* t, bool user = false);
  // struct/union/enum: returns the (possibly incomplete) tagged type. A
  // tag scoped to an object ("a.out`point") is a user type; D`s is s.
  Type* declare_tag(Type::Kind kind, const std::string& tag);
  Type* make_anonymous(Type::Kind kind);

  // Kernel (or other) types consulted after D's own; owned by the table.
  void set_external(std::unique_ptr<ExternalTypes> ext) { external_ = std::move(ext); }
  // The types of a -c/-p target's objects: names scoped to an object
  // ("a.out`point_t", "struct a.out`point") go there, never to external.
  void set_user(std::unique_ptr<ExternalTypes> user) { user_ = std::move(user); }
  // The kernel's enumerator `name` (external source): its enum, or null.
  const Type* kernel_enumerator(std::string_view name, int64_t& value);
  // The kernel's type for symbol `name` (ExternalTypes::symbol_type).
  const Type* kernel_symbol_type(std::string_view name, bool& percpu);
  std::string kernel_symbol_hint() { return external_ ? external_->symbol_hint() : std::string(); }
  // A -c/-p target's type for data symbol "mod`name" (user source).
  const Type* user_symbol_type(std::string_view scoped);
  // Why the object-scoped name does not resolve ("" if it does); kind:
  // Struct/Union/Enum for a tag, Void for a typedef name.
  std::string scoped_missing(Type::Kind kind, std::string_view name);
  // For messages only: how the program names the first target's type
  // that an unscoped name did not reach ("a.out`alpha_t", "struct
  // a.out`rec"; kind Void: a typedef), or "" when its executable has none.
  std::string target_spelling(Type::Kind kind, std::string_view name);
  // Completes a struct/union known only by name from the external
  // source, in place; returns t either way.
  const Type* complete(const Type* t);
  // complete() for t and every struct/union reachable through its
  // members and array elements (not through pointers): what print() shows.
  const Type* complete_deep(const Type* t);
  // A new struct/union/enum not registered under any tag name.
  Type* make_detached(Type::Kind kind, std::string name);

  // Every named type and tag ("pid_t", "struct foo"); from_c: converted
  // from C type data (kernel BTF, a target's DWARF), not declared in D.
  void for_each_named(
      const std::function<void(const std::string& name, const Type* t, bool from_c)>& f) const;

  // C's integer promotion and usual arithmetic conversions.
  const Type* promote(const Type* t) const;
  const Type* arith_result(const Type* a, const Type* b) const;

 private:
  Type* add(Type t);
  Type* add_int(const std::string& name, uint32_t size, bool is_signed);

  // Counts nested conversions from C type sources: names made meanwhile
  // go to c_names_ (for_each_named).
  struct Converting {
    explicit Converting(const TypeTable& t) : n(t.converting_) { n++; }
    ~Converting() { n--; }
    int& n;
  };
  void note_name(const std::string& name) {
    if (converting_ > 0) c_names_.insert(name);
  }
  mutable int converting_ = 0;
  std::set<std::string, std::less<>> c_names_;
  std::unique_ptr<ExternalTypes> external_;
  std::unique_ptr<ExternalTypes> user_;
  std::vector<std::unique_ptr<Type>> owned_;
  std::map<std::string, const Type*, std::less<>> names_;
  std::map<std::string, Type*, std::less<>> tags_;  // "struct foo"
  std::map<std::pair<const Type*, bool>, const Type*> pointers_;
  const Type* void_;
  const Type* string_;
  const Type* int_;
  const Type* uint_;
  const Type* long_;
  const Type* ulong_;
  const Type* char_;
};

}  // namespace dtrace::cc
