// KernelTypes: the kernel's types for the D compiler, read from BTF.
// Nothing happens until the compiler asks: the first question reads and
// indexes the BTF file (once per session through BtfFiles, shared
// read-only); after that each struct, union, enum or typedef a program
// names is converted into the shared TypeTable when referenced, members
// of a struct only when the program looks inside it. Bit-field members keep their first byte, bit and
// width; anonymous struct/union members are flattened into their parent
// as C lets programs name them.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "cc/types.h"
#include "ctf/btf.h"
#include "ctf/kernel_dwarf.h"

namespace dtrace::ctf {

// BTF files read and indexed once per session (api::Session), by path:
// a BtfFile is immutable once built, so every compiler of a session and
// its probe argument types share it.
class BtfFiles {
 public:
  // The BTF file at path; null when it is missing or malformed.
  std::shared_ptr<const BtfFile> get(const std::string& path);

 private:
  std::mutex mu_;
  std::map<std::string, std::shared_ptr<const BtfFile>> files_;
};

// The BTF file at path, read now; null when it is missing or malformed.
std::shared_ptr<const BtfFile> read_btf(const std::string& path);
// A module's split BTF at path on base, read now (modules come and go,
// so it is not cached); null when missing or malformed.
std::shared_ptr<const BtfFile> split_btf(const std::string& path, std::shared_ptr<const BtfFile> base);

class KernelTypes : public cc::ExternalTypes {
 public:
  // path: a BTF file, normally /sys/kernel/btf/vmlinux, read through
  // files (null: read by this one). Missing or bad files just mean no
  // kernel types.
  explicit KernelTypes(std::string path, BtfFiles* files = nullptr) : path_(std::move(path)), files_(files) {}
  // For tests: a BTF blob already in memory.
  static std::unique_ptr<KernelTypes> from_bytes(std::string bytes);

  const cc::Type* typedef_named(cc::TypeTable& tt, std::string_view name) override;
  bool complete(cc::TypeTable& tt, cc::Type* t) override;
  const cc::Type* enumerator(cc::TypeTable& tt, std::string_view name, int64_t& value) override;
  // A function's type and a per-CPU variable's from BTF; another
  // variable's from the kernel's DWARF (kernel_dwarf.h) when installed.
  const cc::Type* symbol_type(cc::TypeTable& tt, std::string_view name, bool& percpu) override;
  std::string symbol_hint() override;

  // Whether BTF could be loaded (loads it if needed).
  bool available();

 private:
  const BtfFile* btf();
  // Loaded modules' types, each from its split BTF beside vmlinux's; read
  // at the first struct or union vmlinux lacks (only then: reading them
  // all costs more than a one-liner's compile).
  const std::vector<std::unique_ptr<KernelTypes>>& modules();
  const cc::Type* convert(cc::TypeTable& tt, uint32_t id, int depth = 0);
  const cc::Type* convert_proto(cc::TypeTable& tt, const btf_type* t, int depth);
  const cc::Type* convert_tag(cc::TypeTable& tt, uint32_t id, const btf_type* t);
  void add_members(cc::TypeTable& tt, cc::Type* into, uint32_t id, uint32_t base_off);
  KernelDwarf* dwarf();
  const cc::Type* from_shape(cc::TypeTable& tt, const VariableShape& s);

  std::string path_;
  BtfFiles* files_;
  bool tried_ = false;
  std::shared_ptr<const BtfFile> btf_;
  std::unordered_map<uint32_t, const cc::Type*> done_;  // BTF id -> D type
  std::unordered_map<const cc::Type*, uint32_t> ids_;   // anonymous sou -> id
  bool modules_tried_ = false;
  std::vector<std::unique_ptr<KernelTypes>> modules_;
  bool dwarf_tried_ = false;
  std::unique_ptr<KernelDwarf> dwarf_;
};

}  // namespace dtrace::ctf
