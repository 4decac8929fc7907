#include "usdt/stapsdt_notes.h"

#include <gelf.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "usdt/elf_file.h"

namespace dtrace::usdt {
namespace {

constexpr uint32_t kStapsdtType = 3;

// x86-64 struct pt_regs read as uint64_t[]: the index of each register,
// under all the names its low parts go by (high bytes %ah.. are refused).
struct RegName {
  const char* names[4];
  uint16_t index;
};
constexpr RegName kRegs[] = {
    {{"r15", "r15d", "r15w", "r15b"}, 0}, {{"r14", "r14d", "r14w", "r14b"}, 1},
    {{"r13", "r13d", "r13w", "r13b"}, 2}, {{"r12", "r12d", "r12w", "r12b"}, 3},
    {{"rbp", "ebp", "bp", "bpl"}, 4},     {{"rbx", "ebx", "bx", "bl"}, 5},
    {{"r11", "r11d", "r11w", "r11b"}, 6}, {{"r10", "r10d", "r10w", "r10b"}, 7},
    {{"r9", "r9d", "r9w", "r9b"}, 8},     {{"r8", "r8d", "r8w", "r8b"}, 9},
    {{"rax", "eax", "ax", "al"}, 10},     {{"rcx", "ecx", "cx", "cl"}, 11},
    {{"rdx", "edx", "dx", "dl"}, 12},     {{"rsi", "esi", "si", "sil"}, 13},
    {{"rdi", "edi", "di", "dil"}, 14},    {{"rip", "eip", "ip", nullptr}, 16},
    {{"rsp", "esp", "sp", "spl"}, 19},
};

std::optional<uint16_t> reg_index(std::string_view name) {
  for (const RegName& r : kRegs)
    for (const char* n : r.names)
      if (n && name == n) return r.index;
  return std::nullopt;
}

std::optional<int64_t> parse_int(std::string_view s) {
  if (s.empty()) return std::nullopt;
  std::string text(s);
  char* end = nullptr;
  errno = 0;
  long long v = std::strtoll(text.c_str(), &end, 0);
  if (errno || *end) return std::nullopt;
  return v;
}

// "%reg" -> register index.
std::optional<uint16_t> parse_reg(std::string_view s) {
  if (s.size() < 2 || s[0] != '%') return std::nullopt;
  return reg_index(s.substr(1));
}

Result<dtrace_uarg> parse_spec(std::string_view spec) {
  auto bad = [&] { return make_error("unsupported stapsdt argument '" + std::string(spec) + "'"); };
  dtrace_uarg a{};
  size_t at = spec.find('@');
  auto size = at == std::string_view::npos ? std::nullopt : parse_int(spec.substr(0, at));
  if (!size || (std::abs(*size) != 1 && std::abs(*size) != 2 && std::abs(*size) != 4 && std::abs(*size) != 8))
    return bad();
  a.dtua_size = static_cast<int8_t>(*size);
  std::string_view op = spec.substr(at + 1);
  if (!op.empty() && op[0] == '$') {  // constant
    auto v = parse_int(op.substr(1));
    if (!v) return bad();
    a.dtua_kind = DTRACE_UARG_CONST;
    a.dtua_value = *v;
  } else if (auto r = parse_reg(op)) {  // register
    a.dtua_kind = DTRACE_UARG_REG;
    a.dtua_reg = *r;
  } else {  // disp(%reg)
    size_t open = op.find('(');
    if (open == std::string_view::npos || op.back() != ')') return bad();
    auto base = parse_reg(op.substr(open + 1, op.size() - open - 2));
    auto disp = open == 0 ? std::optional<int64_t>(0) : parse_int(op.substr(0, open));
    if (!base || !disp || *base == 16) return bad();  // %rip: would need the symbol
    a.dtua_kind = DTRACE_UARG_MEM;
    a.dtua_reg = *base;
    a.dtua_value = *disp;
  }
  return a;
}

std::vector<std::string_view> split_specs(std::string_view args) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < args.size()) {
    while (i < args.size() && args[i] == ' ') i++;
    size_t j = args.find(' ', i);
    if (j == std::string_view::npos) j = args.size();
    if (j > i) out.push_back(args.substr(i, j - i));
    i = j;
  }
  return out;
}

// A NUL-terminated string at *pos within [0, end); advances past it.
std::optional<std::string> take_string(const char* desc, size_t end, size_t* pos) {
  const void* nul = std::memchr(desc + *pos, '\0', end - *pos);
  if (!nul) return std::nullopt;
  std::string s(desc + *pos);
  *pos += s.size() + 1;
  return s;
}

void read_notes(Elf_Data* data, std::vector<StapsdtNote>& out, std::vector<uint64_t>& bases) {
  GElf_Nhdr nh;
  size_t off = 0, name_off, desc_off, next;
  while ((next = gelf_getnote(data, off, &nh, &name_off, &desc_off)) > 0) {
    off = next;
    const char* name = static_cast<const char*>(data->d_buf) + name_off;
    if (nh.n_type != kStapsdtType || nh.n_namesz != 8 || std::strcmp(name, "stapsdt") != 0 ||
        nh.n_descsz < 3 * 8)
      continue;
    const char* desc = static_cast<const char*>(data->d_buf) + desc_off;
    uint64_t addr[3];
    std::memcpy(addr, desc, sizeof addr);
    size_t pos = sizeof addr;
    auto prov = take_string(desc, nh.n_descsz, &pos);
    auto probe = prov ? take_string(desc, nh.n_descsz, &pos) : std::nullopt;
    auto args = probe ? take_string(desc, nh.n_descsz, &pos) : std::nullopt;
    if (!args) continue;
    out.push_back({*prov, *probe, *args, addr[0], addr[2]});
    bases.push_back(addr[1]);
  }
}

}  // namespace

size_t count_arg_specs(std::string_view args) { return split_specs(args).size(); }

Result<std::vector<dtrace_uarg>> parse_arg_specs(std::string_view args) {
  std::vector<dtrace_uarg> out;
  for (std::string_view spec : split_specs(args)) {
    auto a = parse_spec(spec);
    if (!a) return a.error();
    out.push_back(*a);
  }
  if (out.size() > DTRACE_MAXARGS) return make_error("too many stapsdt arguments: " + std::string(args));
  return out;
}

Result<StapsdtFile> read_stapsdt_notes(const std::string& path) {
  ElfFile f;
  if (Status st = f.open(path); !st) return st.error();
  size_t shstrndx;
  if (elf_getshdrstrndx(f.elf(), &shstrndx) != 0) return make_error(path + ": bad ELF section headers");
  StapsdtFile out;
  std::vector<StapsdtNote>& notes = out.notes;
  std::vector<uint64_t> note_bases;
  std::optional<uint64_t> base_addr;  // where .stapsdt.base really is
  bool sites = false, lazy = false;
  for (Elf_Scn* scn = nullptr; (scn = elf_nextscn(f.elf(), scn)) != nullptr;) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh)) continue;
    const char* name = elf_strptr(f.elf(), shstrndx, sh.sh_name);
    if (!name) continue;
    if (std::strcmp(name, ".stapsdt.base") == 0) base_addr = sh.sh_addr;
    if (std::strcmp(name, "dtrace_usdt_sites") == 0) sites = true;
    if (std::strcmp(name, kLazyloadSection) == 0) lazy = true;
    if (sh.sh_type == SHT_NOTE && std::strcmp(name, ".note.stapsdt") == 0)
      if (Elf_Data* data = elf_getdata(scn, nullptr)) read_notes(data, notes, note_bases);
  }
  out.registers_itself = sites && !lazy;
  // A prelinked or otherwise moved file: the note's addresses are off by
  // as much as .stapsdt.base moved.
  for (size_t i = 0; base_addr && i < notes.size(); i++) {
    if (note_bases[i] == 0) continue;
    uint64_t delta = *base_addr - note_bases[i];
    notes[i].pc += delta;
    if (notes[i].semaphore) notes[i].semaphore += delta;
  }
  return out;
}

}  // namespace dtrace::usdt
