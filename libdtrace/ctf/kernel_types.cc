#include "ctf/kernel_types.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <map>
#include <memory>
#include <mutex>

namespace dtrace::ctf {
namespace {

using cc::Type;
using cc::TypeTable;

constexpr int kMaxDepth = 64;  // typedef/qualifier chains; BTF has no cycles without pointers

// A whole file, read straight into a buffer sized by fstat() where the
// file says its size (sysfs's BTF files do), with one byte spare so that
// the read that finds the end needs no growth; a file that says 0 grows
// by doubling. The buffer is not zeroed first: vmlinux's BTF is some
// 5 MiB, and zeroing it cost as many instructions as the rest of reading
// it (in a guest, where sysfs hands it over 4 KiB per read, too).
struct FileBytes {
  std::unique_ptr<char[]> data;
  size_t size = 0;
};

FileBytes read_file(const std::string& path) {
  FileBytes out;
  // Nonblocking, and regular files only: the modules' BTF is every file
  // beside vmlinux's, and a FIFO there would block the open or the read.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return out;
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return out;
  }
  size_t want = st.st_size > 0 ? static_cast<size_t>(st.st_size) : 0;
  size_t cap = want + 1 > (1 << 16) ? want + 1 : (1 << 16);
  out.data = std::make_unique_for_overwrite<char[]>(cap);
  ssize_t n;
  while ((n = ::read(fd, out.data.get() + out.size, cap - out.size)) > 0) {
    out.size += static_cast<size_t>(n);
    if (out.size == cap) {
      auto bigger = std::make_unique_for_overwrite<char[]>(2 * cap);
      std::memcpy(bigger.get(), out.data.get(), out.size);
      out.data = std::move(bigger);
      cap *= 2;
    }
  }
  ::close(fd);
  return out;
}

Type::Kind tag_kind(const btf_type* t) {
  switch (BtfFile::kind(t)) {
    case BTF_KIND_STRUCT: return Type::Kind::Struct;
    case BTF_KIND_UNION: return Type::Kind::Union;
    case BTF_KIND_FWD: return BtfFile::kflag(t) ? Type::Kind::Union : Type::Kind::Struct;
    default: return Type::Kind::Enum;
  }
}

bool is_modifier(int k) {
  return k == BTF_KIND_CONST || k == BTF_KIND_VOLATILE || k == BTF_KIND_RESTRICT || k == BTF_KIND_TYPE_TAG ||
         k == BTF_KIND_TYPEDEF;
}

void fill_enum(const BtfFile& b, const btf_type* t, Type* d) {
  d->size = t->size ? t->size : 4;
  d->is_signed = BtfFile::kflag(t);  // BTF: kind_flag set = signed values
  if (BtfFile::kind(t) == BTF_KIND_ENUM) {
    const btf_enum* e = BtfFile::extra<btf_enum>(t);
    for (uint32_t i = 0; i < BtfFile::vlen(t); i++)
      d->enumerators.emplace_back(std::string(b.name(e[i].name_off)), e[i].val);
  } else {
    const uint32_t* e = BtfFile::extra<uint32_t>(t);
    for (uint32_t i = 0; i < BtfFile::vlen(t); i++, e += 3) {
      uint64_t v = (uint64_t(e[2]) << 32) | e[1];
      d->enumerators.emplace_back(std::string(b.name(e[0])), static_cast<int64_t>(v));
    }
  }
  d->complete = true;
}

}  // namespace

std::shared_ptr<const BtfFile> read_btf(const std::string& path) {
  FileBytes f = read_file(path);
  auto b = std::make_shared<const BtfFile>(std::move(f.data), f.size);
  return b->ok() ? b : nullptr;
}

std::shared_ptr<const BtfFile> BtfFiles::get(const std::string& path) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = files_.find(path);
  if (it == files_.end()) it = files_.emplace(path, read_btf(path)).first;
  return it->second;
}

std::shared_ptr<const BtfFile> split_btf(const std::string& path, std::shared_ptr<const BtfFile> base) {
  FileBytes f = read_file(path);
  if (f.size == 0 || base == nullptr) return nullptr;
  auto b = std::make_shared<const BtfFile>(std::move(f.data), f.size, std::move(base));
  return b->ok() ? b : nullptr;
}

std::unique_ptr<KernelTypes> KernelTypes::from_bytes(std::string bytes) {
  auto k = std::make_unique<KernelTypes>("");
  k->tried_ = true;
  auto b = std::make_shared<const BtfFile>(std::move(bytes));
  if (b->ok()) k->btf_ = std::move(b);
  return k;
}

const BtfFile* KernelTypes::btf() {
  if (!tried_) {
    tried_ = true;
    if (!path_.empty()) btf_ = files_ ? files_->get(path_) : read_btf(path_);
  }
  return btf_.get();
}

bool KernelTypes::available() { return btf() != nullptr; }

const std::vector<std::unique_ptr<KernelTypes>>& KernelTypes::modules() {
  if (modules_tried_) return modules_;
  modules_tried_ = true;
  size_t slash = path_.rfind('/');
  if (btf() == nullptr || slash == std::string::npos) return modules_;
  std::string dir = path_.substr(0, slash);
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) return modules_;
  while (const dirent* e = ::readdir(d)) {
    std::string name = e->d_name;
    if (name.empty() || name[0] == '.' || dir + "/" + name == path_) continue;
    auto m = std::make_unique<KernelTypes>("");
    m->tried_ = true;
    m->btf_ = split_btf(dir + "/" + name, btf_);
    if (m->btf_ != nullptr) modules_.push_back(std::move(m));
  }
  ::closedir(d);
  return modules_;
}

const Type* KernelTypes::typedef_named(TypeTable& tt, std::string_view name) {
  const BtfFile* b = btf();
  if (b == nullptr) return nullptr;
  uint32_t id = b->find_typedef(name);
  return id == 0 ? nullptr : convert(tt, id);
}

const Type* KernelTypes::convert(TypeTable& tt, uint32_t id, int depth) {
  const BtfFile* b = btf();
  const btf_type* t = b ? b->type(id) : nullptr;
  if (t == nullptr || depth > kMaxDepth) return tt.void_type();
  if (auto it = done_.find(id); it != done_.end()) return it->second;
  const Type* r = tt.void_type();
  switch (BtfFile::kind(t)) {
    case BTF_KIND_INT: {
      uint32_t enc = *BtfFile::extra<uint32_t>(t);
      bool sign = (BTF_INT_ENCODING(enc) & BTF_INT_SIGNED) != 0;
      if ((BTF_INT_ENCODING(enc) & BTF_INT_CHAR) && t->size == 1) r = tt.char_type();
      else if (t->size == 1 || t->size == 2 || t->size == 4 || t->size == 8) r = tt.integer(t->size, sign);
      else r = tt.array_of(tt.integer(1, false), t->size);
      break;
    }
    case BTF_KIND_FLOAT:
      r = t->size <= 8 ? tt.integer(t->size, true) : tt.array_of(tt.integer(1, false), t->size);
      break;
    case BTF_KIND_PTR: {
      const btf_type* to = b->type(t->type);
      bool fn = to != nullptr && BtfFile::kind(to) == BTF_KIND_FUNC_PROTO;
      r = tt.pointer_to(fn ? tt.void_type() : convert(tt, t->type, depth + 1));
      break;
    }
    case BTF_KIND_ARRAY: {
      const btf_array* a = BtfFile::extra<btf_array>(t);
      r = tt.array_of(convert(tt, a->type, depth + 1), a->nelems);
      break;
    }
    case BTF_KIND_STRUCT:
    case BTF_KIND_UNION:
    case BTF_KIND_ENUM:
    case BTF_KIND_ENUM64:
    case BTF_KIND_FWD: r = convert_tag(tt, id, t); break;
    case BTF_KIND_TYPEDEF: {
      const Type* under = convert(tt, t->type, depth + 1);
      std::string_view name = b->name(t->name_off);
      if (under->is_sou() || under->kind == Type::Kind::Enum || under->kind == Type::Kind::Function ||
          name.empty())
        r = under;
      else if (const Type* own = tt.lookup_own(name); own != nullptr) r = own;
      else r = tt.add_typedef(std::string(name), under);
      break;
    }
    case BTF_KIND_CONST:
    case BTF_KIND_VOLATILE:
    case BTF_KIND_RESTRICT:
    case BTF_KIND_TYPE_TAG: r = convert(tt, t->type, depth + 1); break;
    case BTF_KIND_FUNC_PROTO: r = convert_proto(tt, t, depth); break;
    default: break;
  }
  done_[id] = r;
  return r;
}

// A function's type: "ret (param, ...)"; size 1 as GNU C gives it.
const Type* KernelTypes::convert_proto(TypeTable& tt, const btf_type* t, int depth) {
  const Type* ret = convert(tt, t->type, depth + 1);
  std::string name = ret->name + " (";
  const btf_param* p = BtfFile::extra<btf_param>(t);
  for (uint32_t i = 0; i < BtfFile::vlen(t); i++) {
    if (i > 0) name += ", ";
    name += p[i].type == 0 ? "..." : convert(tt, p[i].type, depth + 1)->name;
  }
  if (BtfFile::vlen(t) == 0) name += "void";
  Type* f = tt.make_detached(Type::Kind::Function, name + ")");
  f->base = ret;
  f->size = 1;
  f->complete = true;
  return f;
}

const Type* KernelTypes::enumerator(TypeTable& tt, std::string_view name, int64_t& value) {
  const BtfFile* b = btf();
  uint32_t id = b ? b->find_enumerator(name, value) : 0;
  return id == 0 ? nullptr : convert(tt, id);
}

const Type* KernelTypes::symbol_type(TypeTable& tt, std::string_view name, bool& percpu) {
  const BtfFile* b = btf();
  if (b == nullptr) return nullptr;
  if (const btf_type* f = b->type(b->find_func(name))) return convert(tt, f->type);
  std::string_view section;
  const btf_type* v = b->type(b->find_var(name, section));
  if (v != nullptr) {
    percpu = section == ".data..percpu";
    return convert(tt, v->type);
  }
  std::optional<VariableShape> s = dwarf() ? dwarf_->variable(std::string(name)) : std::nullopt;
  return s ? from_shape(tt, *s) : nullptr;
}

KernelDwarf* KernelTypes::dwarf() {
  if (!dwarf_tried_) dwarf_ = KernelDwarf::open_running();
  dwarf_tried_ = true;
  return dwarf_.get();
}

std::string KernelTypes::symbol_hint() { return dwarf() ? std::string() : kernel_debuginfo_hint(); }

// The named type s is built on, from BTF, under its pointers and arrays.
const Type* KernelTypes::from_shape(TypeTable& tt, const VariableShape& s) {
  using Base = VariableShape::Base;
  const BtfFile* b = btf();
  const Type* t = nullptr;
  switch (s.base) {
    case Base::Void: t = tt.void_type(); break;
    case Base::Char: t = tt.char_type(); break;
    case Base::Integer: t = tt.integer(s.size, s.is_signed); break;
    case Base::Typedef: t = typedef_named(tt, s.name); break;
    case Base::Enum: {
      uint32_t id = b->find_tag(BTF_KIND_ENUM, s.name);
      if (id != 0) t = convert(tt, id);
      break;
    }
    case Base::Struct:
    case Base::Union: {
      bool st = s.base == Base::Struct;
      uint32_t id = b->find_tag(st ? BTF_KIND_STRUCT : BTF_KIND_UNION, s.name);
      t = id != 0 ? convert(tt, id) : tt.declare_tag(st ? Type::Kind::Struct : Type::Kind::Union, s.name);
      break;
    }
  }
  if (t == nullptr) return nullptr;
  for (uint64_t w : s.wrappers) {
    if (w > uint64_t(UINT32_MAX) + 1) return nullptr;
    t = w == 0 ? tt.pointer_to(t, false) : tt.array_of(t, static_cast<uint32_t>(w - 1), false);
  }
  return t->is_void() ? nullptr : t;
}

const Type* KernelTypes::convert_tag(TypeTable& tt, uint32_t id, const btf_type* t) {
  std::string_view name = btf_->name(t->name_off);
  Type::Kind k = tag_kind(t);
  Type* d;
  if (!name.empty()) {
    d = tt.declare_tag(k, std::string(name));
  } else {
    d = tt.make_detached(k, k == Type::Kind::Struct  ? "struct <anon>"
                            : k == Type::Kind::Union ? "union <anon>"
                                                     : "enum <anon>");
    ids_[d] = id;
  }
  if (k == Type::Kind::Enum && !d->complete && BtfFile::kind(t) != BTF_KIND_FWD) fill_enum(*btf_, t, d);
  return d;
}

bool KernelTypes::complete(TypeTable& tt, Type* t) {
  const BtfFile* b = btf();
  if (b == nullptr || t->complete || !t->is_sou()) return false;
  uint32_t id = 0;
  if (auto it = ids_.find(t); it != ids_.end()) {
    id = it->second;
  } else {
    bool is_struct = t->kind == Type::Kind::Struct;
    std::string_view tag = std::string_view(t->name).substr(is_struct ? 7 : 6);
    id = b->find_tag(is_struct ? BTF_KIND_STRUCT : BTF_KIND_UNION, tag);
  }
  const btf_type* bt = b->type(id);
  if (bt == nullptr) {
    if (id == 0 && ids_.find(t) == ids_.end())  // a module's own struct or union
      for (const auto& m : modules())
        if (m->complete(tt, t)) return true;
    return false;
  }
  t->size = bt->size;
  t->complete = true;
  add_members(tt, t, id, 0);
  return true;
}

void KernelTypes::add_members(TypeTable& tt, Type* into, uint32_t id, uint32_t base_off) {
  const btf_type* t = btf_->type(id);
  if (t == nullptr) return;
  const btf_member* m = BtfFile::extra<btf_member>(t);
  bool kf = BtfFile::kflag(t);
  for (uint32_t i = 0; i < BtfFile::vlen(t); i++) {
    uint32_t bit_off = kf ? BTF_MEMBER_BIT_OFFSET(m[i].offset) : m[i].offset;
    uint32_t bit_size = kf ? BTF_MEMBER_BITFIELD_SIZE(m[i].offset) : 0;
    std::string_view name = btf_->name(m[i].name_off);
    uint32_t mt = m[i].type;
    const btf_type* under = btf_->type(mt);
    for (int d = 0; under != nullptr && is_modifier(BtfFile::kind(under)) && d < kMaxDepth; d++) {
      mt = under->type;
      under = btf_->type(mt);
    }
    if (name.empty()) {
      if (under != nullptr &&
          (BtfFile::kind(under) == BTF_KIND_STRUCT || BtfFile::kind(under) == BTF_KIND_UNION))
        add_members(tt, into, mt, base_off + bit_off / 8);
      continue;
    }
    if (!kf && under != nullptr && BtfFile::kind(under) == BTF_KIND_INT) {  // old-style bit-field
      uint32_t enc = *BtfFile::extra<uint32_t>(under);
      if (BTF_INT_BITS(enc) != under->size * 8 || BTF_INT_OFFSET(enc) != 0) {
        bit_off += BTF_INT_OFFSET(enc);
        bit_size = BTF_INT_BITS(enc);
      }
    }
    const Type* dt = convert(tt, m[i].type);
    if (bit_size == 0 && bit_off % 8 == 0) {
      into->members.push_back({std::string(name), dt, base_off + bit_off / 8});
      continue;
    }
    // A bit-field: loadable when one load of at most 8 bytes holds it.
    if (bit_size == 0 || bit_size > 64 || bit_off % 8 + bit_size > 64 || !dt->is_int()) continue;
    into->members.push_back({std::string(name), dt, base_off + bit_off / 8, static_cast<uint8_t>(bit_off % 8),
                             static_cast<uint8_t>(bit_size)});
  }
}

}  // namespace dtrace::ctf
