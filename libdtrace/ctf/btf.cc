#include "ctf/btf.h"

#include <array>
#include <cstring>

namespace dtrace::ctf {

BtfFile::BtfFile(std::string bytes) : bytes_(std::move(bytes)), data_(bytes_.data()), size_(bytes_.size()) {
  parse();
}

BtfFile::BtfFile(std::unique_ptr<char[]> bytes, size_t size)
    : buf_(std::move(bytes)), data_(buf_.get()), size_(size) {
  parse();
}

BtfFile::BtfFile(std::string bytes, std::shared_ptr<const BtfFile> base)
    : bytes_(std::move(bytes)), data_(bytes_.data()), size_(bytes_.size()), base_(std::move(base)) {
  split_parse();
}

BtfFile::BtfFile(std::unique_ptr<char[]> bytes, size_t size, std::shared_ptr<const BtfFile> base)
    : buf_(std::move(bytes)), data_(buf_.get()), size_(size), base_(std::move(base)) {
  split_parse();
}

void BtfFile::split_parse() {
  if (base_ == nullptr || !base_->ok() || base_->split()) {
    error_ = "no base BTF for split BTF";
    return;
  }
  first_id_ = base_->count();
  str_base_ = base_->strs_len_;
  parse();
}

void BtfFile::parse() {
  if (size_ < sizeof(btf_header)) {
    error_ = "BTF data too short";
    return;
  }
  btf_header h;
  std::memcpy(&h, data_, sizeof h);
  if (h.magic != BTF_MAGIC) {
    error_ = "bad BTF magic";
    return;
  }
  uint64_t base = h.hdr_len;
  if (base + h.type_off + h.type_len > size_ || base + h.str_off + h.str_len > size_ || h.str_len == 0) {
    error_ = "BTF sections out of bounds";
    return;
  }
  types_ = data_ + base + h.type_off;
  types_len_ = h.type_len;
  strs_ = data_ + base + h.str_off;
  strs_len_ = h.str_len;
  if (strs_[strs_len_ - 1] != '\0') {
    error_ = "BTF string section not terminated";
    return;
  }
  if (!index()) offsets_.clear();
}

namespace {

// What the first walk needs of a record's kind: the bytes of data after
// it (fixed + per_member * vlen; known false for a kind this reader does
// not know) and the name index that takes it (0: none, else 1 + the
// position in BtfFile::index()'s by_kind). One table load per record
// instead of two switches: vmlinux has some 126,000 records.
struct KindInfo {
  uint8_t fixed = 0, per_member = 0, index = 0;
  bool known = false;
};

constexpr std::array<KindInfo, 32> kKinds = [] {
  std::array<KindInfo, 32> k{};
  auto set = [&k](int kind, uint8_t fixed, uint8_t per_member, uint8_t index = 0) {
    k[kind] = {fixed, per_member, index, true};
  };
  set(BTF_KIND_INT, 4, 0);
  set(BTF_KIND_ARRAY, sizeof(btf_array), 0);
  set(BTF_KIND_STRUCT, 0, sizeof(btf_member), 1);
  set(BTF_KIND_UNION, 0, sizeof(btf_member), 2);
  set(BTF_KIND_ENUM, 0, sizeof(btf_enum), 3);
  set(BTF_KIND_ENUM64, 0, 12, 3);
  set(BTF_KIND_FUNC_PROTO, 0, sizeof(btf_param));
  set(BTF_KIND_VAR, 4, 0);
  set(BTF_KIND_DATASEC, 0, 12);
  set(BTF_KIND_DECL_TAG, 4, 0);
  set(BTF_KIND_TYPEDEF, 0, 0, 4);
  for (int kind : {BTF_KIND_PTR, BTF_KIND_FWD, BTF_KIND_VOLATILE, BTF_KIND_CONST, BTF_KIND_RESTRICT,
                   BTF_KIND_FUNC, BTF_KIND_FLOAT, BTF_KIND_TYPE_TAG})
    set(kind, 0, 0);
  return k;
}();

}  // namespace

bool BtfFile::index() {
  offsets_.reserve(types_len_ / 16);
  if (!split()) offsets_.push_back(0);  // id 0 is void
  NameIndex* const by_kind[] = {&structs_, &unions_, &enums_, &typedefs_};
  uint32_t off = 0;
  while (off < types_len_) {
    if (types_len_ - off < sizeof(btf_type) || off % 4 != 0) {
      error_ = "truncated BTF type record";
      return false;
    }
    const btf_type* t = reinterpret_cast<const btf_type*>(types_ + off);
    const KindInfo& k = kKinds[kind(t)];
    uint64_t extra = uint64_t(k.fixed) + uint64_t(k.per_member) * vlen(t);
    if (!k.known || types_len_ - off - sizeof(btf_type) < extra) {
      error_ = "bad BTF type record " + std::to_string(count());
      return false;
    }
    uint32_t id = count();
    offsets_.push_back(off);
    // The name only of the kinds indexed here: most records are
    // functions, prototypes and pointers, whose names this walk skips.
    if (k.index != 0 && t->name_off != 0) {
      std::string_view n = name(t->name_off);
      if (!n.empty()) by_kind[k.index - 1]->insert(n, id);
    }
    off += static_cast<uint32_t>(sizeof(btf_type) + extra);
  }
  return true;
}

void BtfFile::index_rest() const {
  std::call_once(rest_once_, [this] {
    for (uint32_t i = split() ? 0 : 1; i < offsets_.size(); i++) {  // id 0: void
      uint32_t id = first_id_ + i;
      const btf_type* t = type(id);
      std::string_view n = name(t->name_off);
      if (!n.empty() && kind(t) == BTF_KIND_FUNC) funcs_.insert(n, id);
      if (!n.empty() && kind(t) == BTF_KIND_VAR) vars_.insert(n, id);
      index_members(t, id);
    }
  });
}

// Enumerators by name (the first enum declaring one wins) and the
// section of each variable.
void BtfFile::index_members(const btf_type* t, uint32_t id) const {
  uint32_t n = vlen(t);
  switch (kind(t)) {
    case BTF_KIND_ENUM: {
      const btf_enum* e = extra<btf_enum>(t);
      for (uint32_t i = 0; i < n; i++) enumerators_.insert(name(e[i].name_off), id);
      break;
    }
    case BTF_KIND_ENUM64: {
      const uint32_t* e = extra<uint32_t>(t);
      for (uint32_t i = 0; i < n; i++) enumerators_.insert(name(e[3 * i]), id);
      break;
    }
    case BTF_KIND_DATASEC: {
      const uint32_t* v = extra<uint32_t>(t);  // {type, offset, size} per variable
      for (uint32_t i = 0; i < n; i++) var_sections_.emplace(v[3 * i], id);
      break;
    }
    default: break;
  }
}

uint32_t BtfFile::find_enumerator(std::string_view n, int64_t& value) const {
  index_rest();
  uint32_t id = enumerators_.find(n);
  if (id == 0) return 0;
  const btf_type* t = type(id);
  uint32_t count = vlen(t);
  if (kind(t) == BTF_KIND_ENUM) {
    const btf_enum* e = extra<btf_enum>(t);
    for (uint32_t i = 0; i < count; i++)
      if (name(e[i].name_off) == n) value = kflag(t) ? int64_t(e[i].val) : int64_t(uint32_t(e[i].val));
  } else {
    const uint32_t* e = extra<uint32_t>(t);
    for (uint32_t i = 0; i < count; i++, e += 3)
      if (name(e[0]) == n) value = static_cast<int64_t>((uint64_t(e[2]) << 32) | e[1]);
  }
  return id;
}

uint32_t BtfFile::find_var(std::string_view n, std::string_view& section) const {
  index_rest();
  uint32_t id = vars_.find(n);
  if (id == 0) return 0;
  auto sec = var_sections_.find(id);
  section = sec == var_sections_.end() ? std::string_view() : name(type(sec->second)->name_off);
  return id;
}

uint32_t BtfFile::find_tag(int k, std::string_view n) const {
  const NameIndex& m = k == BTF_KIND_STRUCT ? structs_ : k == BTF_KIND_UNION ? unions_ : enums_;
  return m.find(n);
}

uint32_t BtfFile::find_typedef(std::string_view n) const { return typedefs_.find(n); }

uint32_t BtfFile::find_func(std::string_view n) const {
  index_rest();
  return funcs_.find(n);
}

const btf_type* BtfFile::type(uint32_t id) const {
  if (id == 0) return nullptr;
  if (id < first_id_) return base_->type(id);
  if (id - first_id_ >= offsets_.size()) return nullptr;
  return reinterpret_cast<const btf_type*>(types_ + offsets_[id - first_id_]);
}

std::string_view BtfFile::name(uint32_t off) const {
  if (off < str_base_) return base_->name(off);
  off -= str_base_;
  if (strs_ == nullptr || off >= strs_len_) return {};
  return std::string_view(strs_ + off);
}

}  // namespace dtrace::ctf
