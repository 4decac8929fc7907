#include "ctf/kernel_dwarf.h"

#include "ctf/dwarf_util.h"
#include "util/build_id.h"

#include <dwarf.h>
#include <elf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwelf.h>
#include <fcntl.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cstring>
#include <unordered_map>

namespace dtrace::ctf {
namespace {

constexpr int kMaxDepth = 64;  // qualifier/typedef/pointer chains

std::string release() {
  struct utsname u;
  return uname(&u) == 0 ? u.release : "";
}

// The running kernel's build ID, from its notes; empty when unreadable.
std::string running_build_id() {
  std::string notes;
  int fd = ::open("/sys/kernel/notes", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return {};
  char buf[4096];
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof buf)) > 0 && notes.size() < (1u << 20)) notes.append(buf, size_t(n));
  ::close(fd);
  auto up4 = [](uint64_t v) { return (v + 3) & ~uint64_t(3); };
  for (size_t at = 0; at + sizeof(Elf64_Nhdr) <= notes.size();) {
    Elf64_Nhdr h;
    std::memcpy(&h, notes.data() + at, sizeof h);
    uint64_t name_at = at + sizeof h, desc_at = name_at + up4(h.n_namesz);
    uint64_t end = desc_at + up4(h.n_descsz);
    if (end > notes.size()) break;
    if (h.n_type == NT_GNU_BUILD_ID && h.n_namesz == 4 && std::memcmp(notes.data() + name_at, "GNU", 4) == 0)
      return notes.substr(desc_at, h.n_descsz);
    at = end;
  }
  return {};
}

}  // namespace

struct KernelDwarf::State {
  int fd = -1;
  Elf* elf = nullptr;
  Dwarf* dbg = nullptr;
  bool indexed = false;
  std::unordered_map<std::string, Dwarf_Off> vars;  // defined globals

  ~State() {
    if (dbg != nullptr) dwarf_end(dbg);
    if (elf != nullptr) elf_end(elf);
    if (fd >= 0) ::close(fd);
  }

  // Every compile unit's top-level variable definitions (vmlinux: about
  // 2,200 units and 3.6 million top-level entries, half a second).
  void index() {
    indexed = true;
    Dwarf_CU* cu = nullptr;
    Dwarf_Die cudie, die;
    while (dwarf_get_units(dbg, cu, &cu, nullptr, nullptr, &cudie, nullptr) == 0) {
      if (dwarf_child(&cudie, &die) != 0) continue;
      do {
        if (dwarf_tag(&die) != DW_TAG_variable || dwarf_hasattr(&die, DW_AT_declaration)) continue;
        if (const char* name = dwarf_diename(&die)) vars.emplace(name, dwarf_dieoffset(&die));
      } while (dwarf_siblingof(&die, &die) == 0);
    }
  }

  bool shape(Dwarf_Die* die, VariableShape& s, int depth) {
    if (depth > kMaxDepth) return false;
    if (die == nullptr) {
      s.base = VariableShape::Base::Void;
      return true;
    }
    Dwarf_Die to;
    bool has_to = dwarf_type_of(die, &to);
    int tag = dwarf_tag(die);
    const char* name = dwarf_diename(die);
    if (dwarf_is_qualifier(tag)) return shape(has_to ? &to : nullptr, s, depth + 1);
    switch (tag) {
      case DW_TAG_base_type: {
        DwarfBaseType b = dwarf_base_type(die);
        if (b.size != 1 && b.size != 2 && b.size != 4 && b.size != 8) return false;
        s.base = b.is_char() ? VariableShape::Base::Char : VariableShape::Base::Integer;
        s.size = uint32_t(b.size);
        s.is_signed = b.is_signed();
        return true;
      }
      case DW_TAG_pointer_type: {
        bool fn = has_to && dwarf_tag(&to) == DW_TAG_subroutine_type;
        if (!shape(has_to && !fn ? &to : nullptr, s, depth + 1)) return false;
        s.wrappers.push_back(0);
        return true;
      }
      case DW_TAG_array_type: {
        if (!has_to || !shape(&to, s, depth + 1)) return false;
        std::vector<uint64_t> dims = dwarf_array_dims(die);
        for (size_t i = dims.size(); i-- > 0;) s.wrappers.push_back(1 + dims[i]);
        return true;
      }
      case DW_TAG_structure_type:
      case DW_TAG_union_type:
      case DW_TAG_enumeration_type:
      case DW_TAG_typedef:
        if (name == nullptr) return false;  // anonymous: BTF cannot name it
        s.base = tag == DW_TAG_structure_type ? VariableShape::Base::Struct
                 : tag == DW_TAG_union_type   ? VariableShape::Base::Union
                 : tag == DW_TAG_typedef      ? VariableShape::Base::Typedef
                                              : VariableShape::Base::Enum;
        s.name = name;
        return true;
      default: return false;
    }
  }
};

KernelDwarf::~KernelDwarf() = default;

std::vector<std::string> KernelDwarf::candidates(const std::string& r) {
  return {"/usr/lib/debug/boot/vmlinux-" + r,              // Debian, Ubuntu
          "/usr/lib/debug/lib/modules/" + r + "/vmlinux",  // Fedora, RHEL, SUSE, Ubuntu
          "/boot/vmlinux-" + r, "/lib/modules/" + r + "/build/vmlinux", "/lib/modules/" + r + "/vmlinux"};
}

bool KernelDwarf::open(const std::string& path) {
  s_ = std::make_unique<State>();
  s_->fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (s_->fd < 0) return false;
  elf_version(EV_CURRENT);
  s_->elf = elf_begin(s_->fd, ELF_C_READ_MMAP, nullptr);
  if (s_->elf == nullptr) return false;
  s_->dbg = dwarf_begin_elf(s_->elf, DWARF_C_READ, nullptr);
  return s_->dbg != nullptr;
}

std::unique_ptr<KernelDwarf> KernelDwarf::open_file(const std::string& path) {
  std::unique_ptr<KernelDwarf> k(new KernelDwarf);
  return k->open(path) ? std::move(k) : nullptr;
}

std::unique_ptr<KernelDwarf> KernelDwarf::open_running() {
  std::string id = running_build_id();
  std::vector<std::string> paths = candidates(release());
  // the debug package's build-ID link
  if (std::string link = util::build_id_debug_path(id); !link.empty()) paths.push_back(link);
  for (const std::string& p : paths) {
    std::unique_ptr<KernelDwarf> k(new KernelDwarf);
    if (!k->open(p)) continue;
    const void* file_id = nullptr;
    ssize_t n = dwelf_elf_gnu_build_id(k->s_->elf, &file_id);
    // Another kernel's types would give wrong offsets: the IDs must match.
    if (!id.empty() && (n != ssize_t(id.size()) || std::memcmp(file_id, id.data(), id.size()) != 0)) continue;
    return k;
  }
  return nullptr;
}

std::optional<VariableShape> KernelDwarf::variable(const std::string& name) {
  if (!s_->indexed) s_->index();
  auto it = s_->vars.find(name);
  Dwarf_Die die, t;
  if (it == s_->vars.end() || dwarf_offdie(s_->dbg, it->second, &die) == nullptr) return std::nullopt;
  VariableShape s;
  if (!s_->shape(dwarf_type_of(&die, &t) ? &t : nullptr, s, 0)) return std::nullopt;
  return s;
}

std::string kernel_debuginfo_hint() {
  std::string r = release();
  return "this kernel's BTF types only its functions and per-CPU variables; for its other variables, install "
         "its debug information (Debian and Ubuntu: package linux-image-" +
         r + "-dbg or -dbgsym; Fedora and RHEL: kernel-debuginfo), which puts /usr/lib/debug/boot/vmlinux-" +
         r + " or /usr/lib/debug/lib/modules/" + r + "/vmlinux in place";
}

}  // namespace dtrace::ctf
