#include "ctf/dwarf_types.h"

#include "ctf/dwarf_util.h"
#include "util/build_id.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwelf.h>
#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <gelf.h>
#include <unistd.h>

#include <cstdio>
#include <unordered_map>

namespace dtrace::ctf {

using cc::Type;
using cc::TypeTable;

namespace {

constexpr int kMaxDepth = 64;  // qualifier/typedef/pointer chains

const char* tag_prefix(Type::Kind k) {
  return k == Type::Kind::Struct ? "struct " : k == Type::Kind::Union ? "union " : "enum ";
}

bool is_tag(int tag) {
  return tag == DW_TAG_structure_type || tag == DW_TAG_union_type || tag == DW_TAG_class_type ||
         tag == DW_TAG_enumeration_type;
}

Type::Kind tag_kind(int tag) {
  return tag == DW_TAG_union_type         ? Type::Kind::Union
         : tag == DW_TAG_enumeration_type ? Type::Kind::Enum
                                          : Type::Kind::Struct;
}

bool flag(Dwarf_Die* die, unsigned name) {
  Dwarf_Attribute a;
  bool v = false;
  return dwarf_attr_integrate(die, name, &a) != nullptr && dwarf_formflag(&a, &v) == 0 && v;
}

// A member's byte offset: a constant, or DWARF 2's DW_OP_plus_uconst.
uint64_t member_location(Dwarf_Die* die) {
  Dwarf_Word v = 0;
  if (dwarf_udata(die, DW_AT_data_member_location, v)) return v;
  Dwarf_Attribute a;
  Dwarf_Op* ops = nullptr;
  size_t n = 0;
  if (dwarf_attr(die, DW_AT_data_member_location, &a) != nullptr && dwarf_getlocation(&a, &ops, &n) == 0 &&
      n == 1 && ops[0].atom == DW_OP_plus_uconst)
    return ops[0].number;
  return 0;
}

// A file's debug info when it is elsewhere: /usr/lib/debug/.build-id/xx/rest.debug.
std::string build_id_path(Elf* elf) {
  const void* id = nullptr;
  ssize_t n = dwelf_elf_gnu_build_id(elf, &id);
  return n > 0 ? util::build_id_debug_path({static_cast<const char*>(id), static_cast<size_t>(n)}) : "";
}

char* debuginfo_path = nullptr;
const Dwfl_Callbacks kOfflineCallbacks = {dwfl_build_id_find_elf, dwfl_standard_find_debuginfo, nullptr,
                                          &debuginfo_path};

}  // namespace

// One ELF file's DWARF: opened and indexed by name at construction,
// converted into a TypeTable on demand.
class DwarfObject {
 public:
  DwarfObject(std::string module, const std::string& path);
  ~DwarfObject();
  DwarfObject(const DwarfObject&) = delete;
  DwarfObject& operator=(const DwarfObject&) = delete;

  // key: "struct point", "union u", "enum e", or a typedef or base type name.
  const Dwarf_Off* find(const std::string& key) const {
    auto it = index_.find(key);
    return it == index_.end() ? nullptr : &it->second;
  }
  bool has_declaration(const std::string& key) const { return declared_.count(key) != 0; }
  const Type* convert_at(TypeTable& tt, Dwarf_Off off);
  bool complete(TypeTable& tt, Type* t);
  std::optional<UserFuncProto> proto(const std::string& func);
  // The type of the global variable name (its defining DIE, else a
  // declaration's), or null.
  const Type* variable_type(TypeTable& tt, const std::string& name);

 private:
  bool open(const std::string& path, int& fd, Elf*& elf);
  void index();
  const Type* convert(TypeTable& tt, Dwarf_Die* die, int depth);
  const Type* convert_tag(TypeTable& tt, Dwarf_Die* die);
  void fill_enum(Dwarf_Die* die, Type* t);
  void add_members(TypeTable& tt, Type* into, Dwarf_Die* die, uint64_t base_off, int depth);
  std::string type_text(Dwarf_Die* die, bool& scalar, int depth);

  std::string module_;
  int fd_ = -1, debug_fd_ = -1;
  Elf* elf_ = nullptr;
  Elf* debug_elf_ = nullptr;
  Dwarf* dbg_ = nullptr;
  Dwfl* dwfl_ = nullptr;                              // owns dbg_ when libdwfl found the debug file
  std::unordered_map<std::string, Dwarf_Off> index_;  // name -> defining DIE
  std::unordered_map<std::string, bool> declared_;    // tags only declared
  std::unordered_map<std::string, Dwarf_Off> funcs_;  // defined functions
  std::unordered_map<std::string, Dwarf_Off> vars_;   // global variables
  std::unordered_map<Dwarf_Off, const Type*> done_;
  std::unordered_map<const Type*, Dwarf_Off> anon_;  // anonymous struct/union -> DIE
};

bool DwarfObject::open(const std::string& path, int& fd, Elf*& elf) {
  fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  elf = elf_begin(fd, ELF_C_READ_MMAP, nullptr);
  if (elf == nullptr) return false;
  dbg_ = dwarf_begin_elf(elf, DWARF_C_READ, nullptr);
  return dbg_ != nullptr;
}

DwarfObject::DwarfObject(std::string module, const std::string& path) : module_(std::move(module)) {
  elf_version(EV_CURRENT);
  if (!open(path, fd_, elf_) && elf_ != nullptr) {
    std::string dbg = build_id_path(elf_);
    if (!dbg.empty()) open(dbg, debug_fd_, debug_elf_);
  }
  // A debug file named by .gnu_debuglink (next to the file, in its
  // .debug/, under /usr/lib/debug; its CRC checked): libdwfl's search.
  if (dbg_ == nullptr && (dwfl_ = dwfl_begin(&kOfflineCallbacks)) != nullptr) {
    Dwarf_Addr bias = 0;
    Dwfl_Module* mod = dwfl_report_offline(dwfl_, "", path.c_str(), -1);
    if (dwfl_report_end(dwfl_, nullptr, nullptr) == 0 && mod != nullptr)
      dbg_ = dwfl_module_getdwarf(mod, &bias);
  }
  if (dbg_ != nullptr) index();
}

DwarfObject::~DwarfObject() {
  if (dwfl_ != nullptr) dwfl_end(dwfl_);  // and the Dwarf it found
  if (dbg_ != nullptr && dwfl_ == nullptr) dwarf_end(dbg_);
  if (debug_elf_ != nullptr) elf_end(debug_elf_);
  if (elf_ != nullptr) elf_end(elf_);
  if (debug_fd_ >= 0) ::close(debug_fd_);
  if (fd_ >= 0) ::close(fd_);
}

// Every compile unit's top-level named types; the first definition of a
// name wins (C has one definition per name in a well-formed program).
void DwarfObject::index() {
  Dwarf_CU* cu = nullptr;
  Dwarf_Die cudie;
  while (dwarf_get_units(dbg_, cu, &cu, nullptr, nullptr, &cudie, nullptr) == 0) {
    Dwarf_Die die;
    if (dwarf_child(&cudie, &die) != 0) continue;
    do {
      int tag = dwarf_tag(&die);
      const char* name = dwarf_diename(&die);
      if (name == nullptr) continue;
      if (tag == DW_TAG_subprogram && !flag(&die, DW_AT_declaration)) {
        funcs_.emplace(name, dwarf_dieoffset(&die));
        continue;
      }
      if (tag == DW_TAG_variable) {  // a definition replaces a declaration
        if (!flag(&die, DW_AT_declaration)) vars_[name] = dwarf_dieoffset(&die);
        else vars_.emplace(name, dwarf_dieoffset(&die));
        continue;
      }
      std::string key;
      if (is_tag(tag)) key = std::string(tag_prefix(tag_kind(tag))) + name;
      else if (tag == DW_TAG_typedef || tag == DW_TAG_base_type) key = name;
      else continue;
      if (is_tag(tag) && flag(&die, DW_AT_declaration)) {
        declared_.emplace(key, true);
        continue;
      }
      index_.emplace(std::move(key), dwarf_dieoffset(&die));
    } while (dwarf_siblingof(&die, &die) == 0);
  }
}

const Type* DwarfObject::convert_at(TypeTable& tt, Dwarf_Off off) {
  Dwarf_Die die;
  if (dwarf_offdie(dbg_, off, &die) == nullptr) return nullptr;
  return convert(tt, &die, 0);
}

const Type* DwarfObject::convert(TypeTable& tt, Dwarf_Die* die, int depth) {
  if (die == nullptr || depth > kMaxDepth) return tt.void_type();
  Dwarf_Off off = dwarf_dieoffset(die);
  if (auto it = done_.find(off); it != done_.end()) return it->second;
  const Type* r = tt.void_type();
  Dwarf_Die to;
  bool has_to = dwarf_type_of(die, &to);
  int tag = dwarf_tag(die);
  switch (tag) {
    case DW_TAG_base_type: {
      DwarfBaseType b = dwarf_base_type(die);
      bool sign = b.is_signed() || b.enc == DW_ATE_float;
      if (b.is_char()) r = tt.char_type();
      else if (b.size == 1 || b.size == 2 || b.size == 4 || b.size == 8) r = tt.integer(b.size, sign);
      else if (b.size > 0) r = tt.array_of(tt.integer(1, false), b.size, true);
      break;
    }
    case DW_TAG_pointer_type:
    case DW_TAG_reference_type:
    case DW_TAG_rvalue_reference_type: {
      bool fn = has_to && dwarf_tag(&to) == DW_TAG_subroutine_type;
      r = tt.pointer_to(has_to && !fn ? convert(tt, &to, depth + 1) : tt.void_type(), true);
      break;
    }
    case DW_TAG_array_type: {
      const Type* elem = has_to ? convert(tt, &to, depth + 1) : tt.void_type();
      std::vector<uint64_t> dims = dwarf_array_dims(die);
      for (size_t i = dims.size(); i-- > 0;) elem = tt.array_of(elem, static_cast<uint32_t>(dims[i]), true);
      r = elem;
      break;
    }
    case DW_TAG_structure_type:
    case DW_TAG_union_type:
    case DW_TAG_class_type:
    case DW_TAG_enumeration_type: r = convert_tag(tt, die); break;
    case DW_TAG_typedef: {
      const Type* under = has_to ? convert(tt, &to, depth + 1) : tt.void_type();
      const char* name = dwarf_diename(die);
      if (under->is_sou() || under->kind == Type::Kind::Enum || name == nullptr) r = under;
      else r = tt.add_typedef(module_ + "`" + name, under, true);
      break;
    }
    default:
      if (dwarf_is_qualifier(tag) && has_to) r = convert(tt, &to, depth + 1);
      break;  // void, functions, anything else: void
  }
  done_[off] = r;
  return r;
}

const Type* DwarfObject::convert_tag(TypeTable& tt, Dwarf_Die* die) {
  Type::Kind k = tag_kind(dwarf_tag(die));
  const char* name = dwarf_diename(die);
  Type* d;
  if (name != nullptr) {
    d = tt.declare_tag(k, module_ + "`" + name);
  } else {
    d = tt.make_detached(k, std::string(tag_prefix(k)) + "<anon>");
    anon_[d] = dwarf_dieoffset(die);
  }
  d->user_space = true;
  if (k != Type::Kind::Enum || d->complete) return d;
  Dwarf_Die def;
  if (flag(die, DW_AT_declaration)) {  // find the definition
    const Dwarf_Off* off = name ? find(std::string("enum ") + name) : nullptr;
    if (off == nullptr || dwarf_offdie(dbg_, *off, &def) == nullptr) return d;
    die = &def;
  }
  fill_enum(die, d);
  return d;
}

void DwarfObject::fill_enum(Dwarf_Die* die, Type* t) {
  int size = dwarf_bytesize(die);
  t->size = size > 0 && size <= 8 ? static_cast<uint32_t>(size) : 4;
  Dwarf_Die base;
  t->is_signed = dwarf_type_of(die, &base) && dwarf_base_type(&base).is_signed();
  Dwarf_Die e;
  if (dwarf_child(die, &e) == 0) {
    do {
      Dwarf_Attribute a;
      Dwarf_Sword v = 0;
      const char* n = dwarf_diename(&e);
      if (dwarf_tag(&e) != DW_TAG_enumerator || n == nullptr) continue;
      if (dwarf_attr(&e, DW_AT_const_value, &a) == nullptr || dwarf_formsdata(&a, &v) != 0) continue;
      // data1/2/4 forms read as unsigned: extend them by the enum's sign.
      int shift = 64 - 8 * static_cast<int>(t->size);
      if (shift > 0) {
        uint64_t u = static_cast<uint64_t>(v) << shift;
        v = t->is_signed ? static_cast<int64_t>(u) >> shift : static_cast<int64_t>(u >> shift);
      }
      if (v < 0 && !dwarf_type_of(die, &base)) t->is_signed = true;
      t->enumerators.emplace_back(n, v);
    } while (dwarf_siblingof(&e, &e) == 0);
  }
  t->complete = true;
}

bool DwarfObject::complete(TypeTable& tt, Type* t) {
  Dwarf_Die die;
  if (auto it = anon_.find(t); it != anon_.end()) {
    if (dwarf_offdie(dbg_, it->second, &die) == nullptr) return false;
  } else {
    // "struct a.out`point" -> "struct point"; an unscoped or anonymous
    // tag (made by another object) is not this object's.
    size_t q = t->name.find('`');
    if (q == std::string::npos) return false;
    std::string key = tag_prefix(t->kind) + t->name.substr(q + 1);
    const Dwarf_Off* off = find(key);
    if (off == nullptr || dwarf_offdie(dbg_, *off, &die) == nullptr) return false;
  }
  t->user_space = true;
  int size = dwarf_bytesize(&die);
  t->size = size > 0 ? static_cast<uint32_t>(size) : 0;
  t->complete = true;
  add_members(tt, t, &die, 0, 0);
  return true;
}

// Members of the struct/union at die into `into`, offsets plus base_off;
// anonymous struct/union members are flattened, as C names them.
void DwarfObject::add_members(TypeTable& tt, Type* into, Dwarf_Die* die, uint64_t base_off, int depth) {
  Dwarf_Die m;
  if (depth > kMaxDepth || dwarf_child(die, &m) != 0) return;
  do {
    if (dwarf_tag(&m) != DW_TAG_member) continue;
    Dwarf_Die mt;
    if (!dwarf_type_of(&m, &mt)) continue;
    uint64_t bit_off = member_location(&m) * 8;
    Dwarf_Word bits = 0, data_bit = 0, old_bit = 0;
    dwarf_udata(&m, DW_AT_bit_size, bits);
    if (dwarf_udata(&m, DW_AT_data_bit_offset, data_bit)) {
      bit_off = data_bit;
    } else if (bits != 0 && dwarf_udata(&m, DW_AT_bit_offset, old_bit)) {
      // DWARF 2/3: counted from the top bit of a storage unit (little-endian).
      int unit = dwarf_bytesize(&m);
      if (unit <= 0) unit = dwarf_bytesize(&mt);
      bit_off += uint64_t(unit > 0 ? unit : 4) * 8 - old_bit - bits;
    }
    const char* name = dwarf_diename(&m);
    if (name == nullptr) {
      Dwarf_Die u = mt;
      for (int d = 0; d < kMaxDepth && (dwarf_is_qualifier(dwarf_tag(&u)) || dwarf_tag(&u) == DW_TAG_typedef);
           d++)
        if (!dwarf_type_of(&u, &u)) break;
      int ut = dwarf_tag(&u);
      if (ut == DW_TAG_structure_type || ut == DW_TAG_union_type)
        add_members(tt, into, &u, base_off + bit_off / 8, depth + 1);
      continue;
    }
    const Type* dt = convert(tt, &mt, 0);
    uint32_t byte = static_cast<uint32_t>(base_off + bit_off / 8);
    if (bits == 0 && bit_off % 8 == 0) {
      into->members.push_back({name, dt, byte});
      continue;
    }
    // A bit-field: loadable when one load of at most 8 bytes holds it.
    if (bits == 0 || bit_off % 8 + bits > 64 || !dt->is_int()) continue;
    into->members.push_back({name, dt, byte, static_cast<uint8_t>(bit_off % 8), static_cast<uint8_t>(bits)});
  } while (dwarf_siblingof(&m, &m) == 0);
}

// A type as text for args[] (UserFuncProto); scalar: it travels in an
// integer register (integer, enum, pointer). "" when it cannot be named.
std::string DwarfObject::type_text(Dwarf_Die* die, bool& scalar, int depth) {
  scalar = true;
  if (die == nullptr) return "void";
  Dwarf_Die to;
  bool has_to = dwarf_type_of(die, &to);
  int tag = dwarf_tag(die);
  const char* name = dwarf_diename(die);
  if (depth > kMaxDepth) return "";
  if (dwarf_is_qualifier(tag)) return type_text(has_to ? &to : nullptr, scalar, depth + 1);
  switch (tag) {
    case DW_TAG_base_type: {
      DwarfBaseType b = dwarf_base_type(die);
      bool sign = b.is_signed();
      scalar = b.enc != DW_ATE_float && b.enc != DW_ATE_complex_float && b.size >= 1 && b.size <= 8;
      if (!scalar) return "";
      if (b.size == 1) return b.is_char() ? "char" : sign ? "int8_t" : "unsigned char";
      if (b.size == 2) return sign ? "short" : "unsigned short";
      if (b.size == 4) return sign ? "int" : "unsigned int";
      return sign ? "long" : "unsigned long";
    }
    case DW_TAG_pointer_type:
    case DW_TAG_reference_type:
    case DW_TAG_rvalue_reference_type:
    case DW_TAG_array_type: {
      bool s;
      std::string base =
          has_to && dwarf_tag(&to) != DW_TAG_subroutine_type ? type_text(&to, s, depth + 1) : "";
      return (base.empty() ? "void" : base) + " *";
    }
    case DW_TAG_typedef: {
      std::string under = type_text(has_to ? &to : nullptr, scalar, depth + 1);
      return under.empty() || name == nullptr ? under : module_ + "`" + name;
    }
    case DW_TAG_enumeration_type: return name ? "enum " + module_ + "`" + name : "int";
    case DW_TAG_structure_type:
    case DW_TAG_union_type:
    case DW_TAG_class_type:
      scalar = false;
      return name ? tag_prefix(tag_kind(tag)) + module_ + "`" + name : "";
    default: scalar = false; return "";
  }
}

std::optional<UserFuncProto> DwarfObject::proto(const std::string& func) {
  auto it = funcs_.find(func);
  Dwarf_Die die, t;
  if (it == funcs_.end() || dwarf_offdie(dbg_, it->second, &die) == nullptr) return std::nullopt;
  // "userland": the pointers a prototype gives point into the target.
  auto text = [this](Dwarf_Die* d, bool& scalar) {
    std::string s = type_text(d, scalar, 0);
    return scalar && s.find('*') != std::string::npos ? "userland " + s : s;
  };
  UserFuncProto p;
  bool scalar = true;
  p.ret = text(dwarf_type_of(&die, &t) ? &t : nullptr, scalar);
  if (!scalar) p.ret.clear();
  Dwarf_Die c;
  if (dwarf_child(&die, &c) != 0) return p;
  do {
    if (dwarf_tag(&c) != DW_TAG_formal_parameter) continue;
    std::string s = text(dwarf_type_of(&c, &t) ? &t : nullptr, scalar);
    if (!scalar || s.empty()) break;
    p.params.push_back(std::move(s));
  } while (dwarf_siblingof(&c, &c) == 0);
  return p;
}

const Type* DwarfObject::variable_type(TypeTable& tt, const std::string& name) {
  auto it = vars_.find(name);
  Dwarf_Die die, t;
  if (it == vars_.end() || dwarf_offdie(dbg_, it->second, &die) == nullptr) return nullptr;
  if (!dwarf_type_of(&die, &t)) return nullptr;
  const Type* r = convert(tt, &t, 0);
  return r->is_void() ? nullptr : r;
}

UserTypes::UserTypes(std::vector<UserObject> objects) : objects_(std::move(objects)) {}
UserTypes::~UserTypes() = default;

DwarfObject* UserTypes::object(std::string_view module) {
  if (auto it = open_.find(module); it != open_.end()) return it->second.get();
  for (const UserObject& o : objects_) {
    if (o.module != module) continue;
    auto d = std::make_unique<DwarfObject>(o.module, o.path);
    return open_.emplace(o.module, std::move(d)).first->second.get();
  }
  return nullptr;
}

namespace {
// "a.out`point_t" -> {"a.out", "point_t"}; false without a module.
bool split(std::string_view scoped, std::string_view& mod, std::string_view& name) {
  size_t q = scoped.rfind('`');
  if (q == std::string_view::npos || q == 0) return false;
  mod = scoped.substr(0, q);
  name = scoped.substr(q + 1);
  return true;
}
}  // namespace

const Type* UserTypes::typedef_named(TypeTable& tt, std::string_view scoped) {
  std::string_view mod, name;
  if (!split(scoped, mod, name)) return nullptr;  // unscoped: never a target's
  DwarfObject* o = object(mod);
  const Dwarf_Off* off = o ? o->find(std::string(name)) : nullptr;
  return off ? o->convert_at(tt, *off) : nullptr;
}

bool UserTypes::complete(TypeTable& tt, Type* t) {
  std::string_view mod, name;
  if (split(t->name, mod, name)) {
    mod.remove_prefix(std::string_view(tag_prefix(t->kind)).size());
    DwarfObject* o = object(mod);
    return o != nullptr && o->complete(tt, t);
  }
  if (!t->user_space) return false;  // an unscoped tag is D's or the kernel's
  for (auto& [m, o] : open_)         // anonymous: the object that made it
    if (o->complete(tt, t)) return true;
  return false;
}

std::string UserTypes::missing(Type::Kind kind, std::string_view scoped) {
  std::string_view mod, name;
  if (!split(scoped, mod, name)) return "Unknown type name";
  DwarfObject* o = object(mod);
  if (o == nullptr) return "Unknown module name";
  std::string key = kind == Type::Kind::Void ? std::string(name) : tag_prefix(kind) + std::string(name);
  if (o->find(key) != nullptr || o->has_declaration(key)) return {};
  return "Unknown type name";
}

const Type* UserTypes::symbol_type(TypeTable& tt, std::string_view scoped, bool& /*percpu*/) {
  std::string_view mod, name;
  if (!split(scoped, mod, name)) return nullptr;
  DwarfObject* o = object(mod);
  return o ? o->variable_type(tt, std::string(name)) : nullptr;
}

std::optional<UserFuncProto> UserTypes::func_proto(std::string_view module, const std::string& func) {
  DwarfObject* o = object(module);
  return o ? o->proto(func) : std::nullopt;
}

}  // namespace dtrace::ctf
