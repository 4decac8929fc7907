#include "usdt/drti_sites.h"

#include <elf.h>
#include <gelf.h>

#include <cstring>
#include <map>
#include <optional>

#include "usdt/elf_file.h"

namespace dtrace::usdt {
namespace {

constexpr char kSitesSection[] = "dtrace_usdt_sites";
constexpr size_t kWords = 7;  // struct dtrace_usdt_site, 8 bytes a field

struct Section {
  uint64_t addr = 0, size = 0;
  Elf_Data* data = nullptr;
};

// What the dynamic linker writes at each relocated address: the addend
// (R_X86_64_RELATIVE) or the symbol's value and the addend (R_X86_64_64).
void read_relocs(Elf* elf, Elf_Scn* scn, const GElf_Shdr& sh, std::map<uint64_t, uint64_t>& out) {
  Elf_Data* data = elf_getdata(scn, nullptr);
  Elf_Data* syms = nullptr;
  if (Elf_Scn* s = elf_getscn(elf, sh.sh_link)) syms = elf_getdata(s, nullptr);
  if (!data || sh.sh_entsize == 0) return;
  for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
    GElf_Rela r;
    if (!gelf_getrela(data, static_cast<int>(i), &r)) break;
    uint64_t type = GELF_R_TYPE(r.r_info);
    GElf_Sym sym{};
    if (type == R_X86_64_RELATIVE) out[r.r_offset] = static_cast<uint64_t>(r.r_addend);
    else if (type == R_X86_64_64 && syms && gelf_getsym(syms, static_cast<int>(GELF_R_SYM(r.r_info)), &sym))
      out[r.r_offset] = sym.st_value + static_cast<uint64_t>(r.r_addend);
  }
}

// The NUL-terminated string at a link-time address, from the section
// holding it.
std::optional<std::string> string_at(const std::vector<Section>& secs, uint64_t addr) {
  for (const Section& s : secs) {
    if (addr < s.addr || addr - s.addr >= s.size || !s.data || s.data->d_size != s.size) continue;
    const char* p = static_cast<const char*>(s.data->d_buf) + (addr - s.addr);
    size_t left = s.size - (addr - s.addr);
    if (!std::memchr(p, '\0', left)) return std::nullopt;
    return std::string(p);
  }
  return std::nullopt;
}

}  // namespace

Result<std::vector<DrtiSite>> read_drti_sites(const std::string& path) {
  ElfFile f;
  if (Status st = f.open(path); !st) return st.error();
  size_t shstrndx;
  if (elf_getshdrstrndx(f.elf(), &shstrndx) != 0) return make_error(path + ": bad ELF section headers");
  std::vector<Section> secs;  // allocated sections with contents
  std::optional<Section> sites;
  std::map<uint64_t, uint64_t> relocs;
  for (Elf_Scn* scn = nullptr; (scn = elf_nextscn(f.elf(), scn)) != nullptr;) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh)) continue;
    if (sh.sh_type == SHT_RELA) read_relocs(f.elf(), scn, sh, relocs);
    if (sh.sh_type != SHT_PROGBITS || !(sh.sh_flags & SHF_ALLOC)) continue;
    Section s{sh.sh_addr, sh.sh_size, elf_getdata(scn, nullptr)};
    secs.push_back(s);
    const char* name = elf_strptr(f.elf(), shstrndx, sh.sh_name);
    if (name && std::strcmp(name, kSitesSection) == 0) sites = s;
  }
  std::vector<DrtiSite> out;
  if (!sites) return out;
  if (!sites->data || sites->data->d_size != sites->size || sites->size % (8 * kWords) != 0)
    return make_error(path + ": malformed " + kSitesSection);
  auto word = [&](size_t i, size_t k) {
    uint64_t at = sites->addr + 8 * (kWords * i + k), v;
    if (auto r = relocs.find(at); r != relocs.end()) return r->second;
    std::memcpy(&v, static_cast<const char*>(sites->data->d_buf) + 8 * (kWords * i + k), sizeof v);
    return v;
  };
  for (size_t i = 0; i < sites->size / (8 * kWords); i++) {
    auto func = string_at(secs, word(i, 2)), prov = string_at(secs, word(i, 3));
    auto name = string_at(secs, word(i, 4)), types = string_at(secs, word(i, 5));
    if (!func || !prov || !name || !types)
      return make_error(path + ": a " + kSitesSection + " record points outside it");
    out.push_back({word(i, 0), word(i, 1), *func, *prov, *name, *types, word(i, 6)});
  }
  return out;
}

}  // namespace dtrace::usdt
