// UserTypes: the types of a traced process's objects (its executable,
// "a.out", and its shared objects, "libc.so.6"), read from their DWARF
// with libdw, for names scoped to an object: ``struct a.out`point``,
// ``a.out`point_t``. Like KernelTypes it converts lazily: an object's
// file is opened and its top-level struct/union/enum tags, typedefs and
// base types indexed by name the first time a name scoped to it is
// asked for; each type is converted when referenced, a struct's members
// when the program looks inside it.
//
// Converted types carry qualified names ("struct a.out`point",
// "a.out`point_t") so they never meet kernel or D types of the same
// name, and user_space is set on all of them: the data they describe is
// in the target's memory, so pointers to them (and pointers inside
// them) are loaded with the DIF machine's user loads.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cc/types.h"

namespace dtrace::ctf {

struct UserObject {
  std::string module;  // "a.out", "libc.so.6": the pid provider's module name
  std::string path;    // a path this process can open
};

class DwarfObject;  // one file's DWARF (dwarf_types.cc)

// A function's prototype as argument type texts for args[] (the forms
// cc::arg_type reads): "int", "a.out`counter_t", "userland struct
// a.out`point *" (pointers point into the target). params stops before
// the first parameter that is not an integer, enum or pointer (a
// float or a struct passed by value does not travel in an integer
// register); ret is "" for such a return type, "void" for none.
struct UserFuncProto {
  std::vector<std::string> params;
  std::string ret;
};

class UserTypes : public cc::ExternalTypes {
 public:
  explicit UserTypes(std::vector<UserObject> objects);
  ~UserTypes() override;

  // name: "a.out`point_t" (typedef or base type), else null. An
  // unscoped name ("point_t") is never a target's: it would make the
  // identifiers of the D library and of programs type names.
  const cc::Type* typedef_named(cc::TypeTable& tt, std::string_view name) override;
  // t: a shell named "struct a.out`point" (or an anonymous one made
  // here); an unscoped "struct point" is never a target's.
  bool complete(cc::TypeTable& tt, cc::Type* t) override;
  // "" when mod`name names something, else why not ("Unknown module
  // name", "Unknown type name").
  std::string missing(cc::Type::Kind kind, std::string_view name) override;
  // name: "a.out`counter": the DWARF type of that global variable.
  const cc::Type* symbol_type(cc::TypeTable& tt, std::string_view name, bool& percpu) override;
  // The prototype of the function named func defined in module's DWARF.
  std::optional<UserFuncProto> func_proto(std::string_view module, const std::string& func);

 private:
  DwarfObject* object(std::string_view module);  // opened on first use; null if none

  std::vector<UserObject> objects_;
  std::map<std::string, std::unique_ptr<DwarfObject>, std::less<>> open_;
};

}  // namespace dtrace::ctf
