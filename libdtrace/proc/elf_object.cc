#include "proc/elf_object.h"

#include "proc/elf_debuginfo.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace dtrace::proc {
namespace {

struct Candidate {
  ElfSymbol sym;
  int rank = 0;  // lower is preferred among aliases of one address
};

// Among aliases (malloc, __libc_malloc; weak getpid, global __getpid)
// the name DTrace prefers: a global or weak one before a local one (a
// weak _go of a static go is "_go"), then fewer leading underscores,
// then global before weak.
int alias_rank(const GElf_Sym& s, const char* name) {
  int bind = GELF_ST_BIND(s.st_info);
  int r = bind == STB_GLOBAL ? 0 : bind == STB_WEAK ? 1 : 1000000;
  while (*name == '_') r += 10, name++;
  return r;
}

// A function into funcs, a data object (not TLS: its value is no
// address) into objects.
void add_symbol(const char* name, const GElf_Sym& s, std::vector<Candidate>& funcs,
                std::vector<ElfSymbol>& objects) {
  int type = GELF_ST_TYPE(s.st_info);
  bool func = type == STT_FUNC || type == STT_GNU_IFUNC;
  if ((!func && type != STT_OBJECT) || s.st_shndx == SHN_UNDEF || s.st_value == 0) return;
  if (!name || !*name) return;
  if (func) funcs.push_back({ElfSymbol{name, s.st_value, s.st_size}, alias_rank(s, name)});
  else objects.push_back(ElfSymbol{name, s.st_value, s.st_size});
}

void read_symbols(Elf* elf, Elf_Scn* scn, std::vector<Candidate>& funcs, std::vector<ElfSymbol>& objects) {
  GElf_Shdr sh;
  if (!gelf_getshdr(scn, &sh) || sh.sh_entsize == 0) return;
  Elf_Data* data = elf_getdata(scn, nullptr);
  if (!data) return;
  size_t n = sh.sh_size / sh.sh_entsize;
  for (size_t i = 0; i < n; i++) {
    GElf_Sym s;
    if (gelf_getsym(data, static_cast<int>(i), &s))
      add_symbol(elf_strptr(elf, sh.sh_link, s.st_name), s, funcs, objects);
  }
}

}  // namespace

Result<ElfObject> ElfObject::load(const std::string& path) {
  if (elf_version(EV_CURRENT) == EV_NONE) return make_error("libelf is out of date");
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return make_error("cannot open " + path + ": " + std::strerror(errno));
  Elf* elf = elf_begin(fd, ELF_C_READ, nullptr);
  GElf_Ehdr eh;
  if (!elf || elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh)) {
    if (elf) elf_end(elf);
    ::close(fd);
    return make_error(path + " is not an ELF file");
  }
  ElfObject obj;
  struct stat st;
  if (::fstat(fd, &st) == 0) obj.file_id_ = {st.st_dev, st.st_ino};
  obj.entry_ = eh.e_entry;
  obj.dynamic_ = eh.e_type == ET_DYN;
  size_t nph = 0;
  elf_getphdrnum(elf, &nph);
  for (size_t i = 0; i < nph; i++) {
    GElf_Phdr ph;
    if (gelf_getphdr(elf, static_cast<int>(i), &ph) && ph.p_type == PT_LOAD)
      obj.segs_.push_back({ph.p_vaddr, ph.p_memsz, ph.p_offset, ph.p_filesz});
  }
  Elf_Scn *symtab = nullptr, *dynsym = nullptr;
  for (Elf_Scn* scn = elf_nextscn(elf, nullptr); scn; scn = elf_nextscn(elf, scn)) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh)) continue;
    if (sh.sh_type == SHT_SYMTAB) symtab = scn;
    if (sh.sh_type == SHT_DYNSYM) dynsym = scn;
  }
  std::vector<Candidate> cands;
  read_symbols(elf, symtab ? symtab : dynsym, cands, obj.data_);
  if (symtab && cands.empty() && dynsym) read_symbols(elf, dynsym, cands, obj.data_);
  // Stripped: the local functions are in a debug file or MiniDebugInfo.
  if (!symtab)
    with_debug_symbols(path,
                       [&](const char* name, const GElf_Sym& s) { add_symbol(name, s, cands, obj.data_); });
  std::stable_sort(obj.data_.begin(), obj.data_.end(),
                   [](const ElfSymbol& a, const ElfSymbol& b) { return a.name < b.name; });
  elf_end(elf);
  ::close(fd);

  std::sort(cands.begin(), cands.end(), [](const Candidate& a, const Candidate& b) {
    return a.sym.vaddr != b.sym.vaddr ? a.sym.vaddr < b.sym.vaddr : a.rank < b.rank;
  });
  for (const Candidate& c : cands) {
    if (obj.by_addr_.empty() || obj.by_addr_.back().vaddr != c.sym.vaddr) obj.by_addr_.push_back(c.sym);
    obj.syms_.push_back(c.sym);
  }
  std::sort(obj.syms_.begin(), obj.syms_.end(), [](const ElfSymbol& a, const ElfSymbol& b) {
    return a.name != b.name ? a.name < b.name : a.vaddr < b.vaddr;
  });
  obj.syms_.erase(std::unique(obj.syms_.begin(), obj.syms_.end(),
                              [](const ElfSymbol& a, const ElfSymbol& b) {
                                return a.name == b.name && a.vaddr == b.vaddr;
                              }),
                  obj.syms_.end());
  return obj;
}

const ElfSymbol* ElfObject::data_symbol(std::string_view name) const {
  auto it = std::lower_bound(data_.begin(), data_.end(), name,
                             [](const ElfSymbol& s, std::string_view n) { return s.name < n; });
  return it != data_.end() && it->name == name ? &*it : nullptr;
}

const ElfSymbol* ElfObject::lookup(uint64_t vaddr) const {
  auto it = std::upper_bound(by_addr_.begin(), by_addr_.end(), vaddr,
                             [](uint64_t a, const ElfSymbol& s) { return a < s.vaddr; });
  if (it == by_addr_.begin()) return nullptr;
  const ElfSymbol& s = *(it - 1);
  if (s.size) return vaddr < s.vaddr + s.size ? &s : nullptr;
  return it == by_addr_.end() || vaddr < it->vaddr ? &s : nullptr;
}

std::optional<uint64_t> ElfObject::file_offset(uint64_t vaddr) const {
  for (const ElfSegment& g : segs_)
    if (vaddr >= g.vaddr && vaddr < g.vaddr + g.filesz) return vaddr - g.vaddr + g.offset;
  return std::nullopt;
}

std::optional<uint64_t> ElfObject::vaddr_of(uint64_t off) const {
  for (const ElfSegment& g : segs_)
    if (off >= g.offset && off < g.offset + g.filesz) return off - g.offset + g.vaddr;
  return std::nullopt;
}

}  // namespace dtrace::proc
