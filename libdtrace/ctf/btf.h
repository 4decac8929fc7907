// BtfFile: a read-only view of a BTF blob (normally the kernel's
// /sys/kernel/btf/vmlinux). It checks the header, walks the type section
// once to find where each type id starts, and indexes the names of
// struct/union/enum/typedef types so the compiler can find a type by
// name without converting anything. Functions, variables and
// enumerators are indexed in a second walk, at the first lookup of one:
// the lexer asks for a typedef at every identifier, so every program
// reads the file, while most never name a kernel function, variable or
// enumerator. It never allocates per type beyond
// that index and never interprets types for the compiler: KernelTypes
// (kernel_types.h) turns ids into D types on demand. A module's split BTF
// (/sys/kernel/btf/<module>) is read on top of vmlinux's: its type ids
// and string offsets continue the base's, and its name indexes hold only
// its own types.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <linux/btf.h>

#include "ctf/name_index.h"

namespace dtrace::ctf {

class BtfFile {
 public:
  // Takes the bytes of a BTF blob. On a malformed blob ok() is false and
  // error() says why; every lookup then finds nothing.
  explicit BtfFile(std::string bytes);
  // The same from a buffer of size bytes (read_btf's: never zeroed first).
  BtfFile(std::unique_ptr<char[]> bytes, size_t size);
  // Split BTF on base (which must be a whole, non-split file).
  BtfFile(std::string bytes, std::shared_ptr<const BtfFile> base);
  BtfFile(std::unique_ptr<char[]> bytes, size_t size, std::shared_ptr<const BtfFile> base);

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  uint32_t count() const { return first_id_ + static_cast<uint32_t>(offsets_.size()); }  // ids 1..count-1
  // Split BTF: ids from first_id() are this file's own, the rest the base's.
  bool split() const { return base_ != nullptr; }
  uint32_t first_id() const { return first_id_; }

  // Type ids (0 = not found). Tags: kind is BTF_KIND_STRUCT/UNION/ENUM.
  uint32_t find_tag(int kind, std::string_view name) const;
  uint32_t find_typedef(std::string_view name) const;
  // BTF_KIND_FUNC ids by name (the kernel's traceable functions).
  uint32_t find_func(std::string_view name) const;
  const NameIndex& funcs() const {
    index_rest();
    return funcs_;
  }
  // The enum (ENUM or ENUM64) declaring enumerator `name` and its value.
  uint32_t find_enumerator(std::string_view name, int64_t& value) const;
  // A BTF_KIND_VAR (kernels describe only per-CPU variables) and the
  // name of the DATASEC holding it ("" if none does).
  uint32_t find_var(std::string_view name, std::string_view& section) const;

  // The record of type id (1 <= id < count()); nullptr otherwise.
  const btf_type* type(uint32_t id) const;
  std::string_view name(uint32_t off) const;
  static int kind(const btf_type* t) { return BTF_INFO_KIND(t->info); }
  static uint32_t vlen(const btf_type* t) { return BTF_INFO_VLEN(t->info); }
  static bool kflag(const btf_type* t) { return BTF_INFO_KFLAG(t->info) != 0; }
  // The data that follows a record (btf_member[], btf_array, ...).
  template <typename T>
  static const T* extra(const btf_type* t) {
    return reinterpret_cast<const T*>(t + 1);
  }

 private:
  bool index();
  // The second walk (functions, variables, enumerators), once.
  void index_rest() const;
  void index_members(const btf_type* t, uint32_t id) const;

  void parse();
  void split_parse();  // parse() on top of base_

  // The blob: its bytes in one of these two.
  std::string bytes_;
  std::unique_ptr<char[]> buf_;
  const char* data_ = nullptr;
  size_t size_ = 0;
  std::string error_;
  std::shared_ptr<const BtfFile> base_;
  uint32_t first_id_ = 0;  // split: the base's count()
  uint32_t str_base_ = 0;  // split: the base's string section size
  const char* types_ = nullptr;
  uint32_t types_len_ = 0;
  const char* strs_ = nullptr;
  uint32_t strs_len_ = 0;
  std::vector<uint32_t> offsets_;  // id - first_id_ -> offset in the type section
  NameIndex structs_, unions_, enums_, typedefs_;
  // index_rest()'s, filled under rest_once_ by the first lookup.
  mutable std::once_flag rest_once_;
  mutable NameIndex funcs_, vars_;
  mutable std::unordered_map<uint32_t, uint32_t> var_sections_;  // VAR id -> DATASEC id
  mutable NameIndex enumerators_;                                // name -> enum id
};

}  // namespace dtrace::ctf
