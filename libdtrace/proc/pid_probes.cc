// The pid provider's probe creation: pid<N>:module:function:name with
// name "entry", "return" or a hex instruction offset in the function.
// Globs work in module, function and name; a glob name covers entry and
// return (instruction offsets only when named: there is no
// disassembler to find instruction boundaries).
#include <cctype>
#include <cstring>

#include "proc/user_probes.h"

namespace dtrace::proc {
namespace {

struct Site {
  uint32_t kind;
  uint64_t offset;  // within the function
  std::string name;
};

// The probe sites a name asks for in a function of `size` bytes.
Result<std::vector<Site>> sites_for(const cc::ProbeSpec& spec, uint64_t size) {
  std::vector<Site> out;
  if (glob_matches(spec.name, "entry")) out.push_back({DTRACE_UP_ENTRY, 0, "entry"});
  if (glob_matches(spec.name, "return")) out.push_back({DTRACE_UP_RETURN, 0, "return"});
  if (!out.empty() || is_glob(spec.name)) return out;
  char* end = nullptr;
  uint64_t off = std::strtoull(spec.name.c_str(), &end, 16);
  if (!isxdigit(static_cast<unsigned char>(spec.name[0])) || *end)
    return make_error("invalid probe name \"" + spec.name +
                          "\" for the pid provider: " + "entry, return or a hexadecimal offset",
                      ErrTag::D_PROC_NAME);
  if (size && off >= size)
    return make_error("offset 0x" + spec.name + " is beyond the end of " + spec.func, ErrTag::D_PROC_OFF);
  char name[24];
  std::snprintf(name, sizeof name, "%llx", static_cast<unsigned long long>(off));
  out.push_back({DTRACE_UP_OFFSET, off, name});
  return out;
}

// Creates the probes one function of one object asks for.
Result<uint32_t> create_in_function(const cc::ProbeSpec& spec, pid_t pid, const MappedObject& o,
                                    const ElfSymbol& sym, UserProbeContext& ctx) {
  auto sites = sites_for(spec, sym.size);
  if (!sites) return sites.error();
  auto base = o.elf->file_offset(sym.vaddr);
  if (!base) return 0u;
  uint32_t n = 0;
  for (const Site& s : *sites) {
    dtrace_userprobe up{};
    copy_field(up.dtup_desc.dtpd_provider, sizeof up.dtup_desc.dtpd_provider, "pid" + std::to_string(pid));
    copy_field(up.dtup_desc.dtpd_mod, sizeof up.dtup_desc.dtpd_mod, o.module);
    copy_field(up.dtup_desc.dtpd_func, sizeof up.dtup_desc.dtpd_func, sym.name);
    copy_field(up.dtup_desc.dtpd_name, sizeof up.dtup_desc.dtpd_name, s.name);
    up.dtup_pid = static_cast<uint32_t>(pid);
    up.dtup_kind = s.kind;
    up.dtup_offset = *base + s.offset;
    copy_field(up.dtup_path, sizeof up.dtup_path, o.open_path);
    auto id = ctx.create(up);
    if (!id) return id.error();
    n++;
  }
  return n;
}

}  // namespace

Result<uint32_t> create_pid_probes(cc::ProbeSpec& spec, UserProbeContext& ctx) {
  // pid<N>, or a glob ending in N that matches "pid<N>" (p*d123), as
  // DTrace reads the process from the provider's trailing digits.
  const std::string& prov = spec.provider;
  size_t digits = prov.find_last_not_of("0123456789") + 1;
  if (digits == 0 || digits == prov.size()) return 0u;  // pid*, pidfoo: not ours
  std::string pidprov = "pid" + prov.substr(digits);
  if (prov != pidprov && !(is_glob(prov) && glob_matches(prov, pidprov))) return 0u;
  pid_t pid = static_cast<pid_t>(std::strtol(prov.c_str() + digits, nullptr, 10));
  auto img = ctx.image(pid);
  if (!img) return img.error();
  name_module(spec, **img);
  auto named = sites_for(spec, 0);  // "04" asks for the probe named "4"
  if (!named) return named.error();
  if (named->size() == 1 && named->front().kind == DTRACE_UP_OFFSET) spec.name = named->front().name;
  uint32_t total = 0;
  bool module_seen = false;
  // A function named exactly is probed under the name DTrace prefers at
  // its address (go, not its weak alias _go), and spec takes that name
  // so that it matches those probes: both names then enable one probe.
  bool exact = !spec.func.empty() && !is_glob(spec.func);
  std::string preferred;
  bool one_preferred = true;
  for (const MappedObject& o : (*img)->objects()) {
    if (!module_matches(spec.mod, o)) continue;
    module_seen = true;
    if (!o.elf || !o.elf->has_symbols()) {
      if (is_glob(spec.mod) || spec.mod.empty()) continue;
      return make_error("failed to look up " + spec.func + " in " + o.module + ": no symbol table",
                        ErrTag::D_PROC_FUNC);
    }
    for (const ElfSymbol& sym : o.elf->symbols()) {
      if (!glob_matches(spec.func, sym.name)) continue;
      const ElfSymbol* named = &sym;
      if (exact) {
        const ElfSymbol* p = o.elf->lookup(sym.vaddr);
        if (p && p->vaddr == sym.vaddr) named = p;
        one_preferred = one_preferred && (preferred.empty() || preferred == named->name);
        preferred = named->name;
      }
      auto n = create_in_function(spec, pid, o, *named, ctx);
      if (!n) return n.error();
      total += *n;
    }
  }
  if (exact && one_preferred && !preferred.empty()) spec.func = preferred;
  if (!module_seen && !spec.mod.empty() && !is_glob(spec.mod))
    return make_error("probe description " + spec.str() + " does not match any probes: pid " +
                          std::to_string(pid) + " has no module " + spec.mod,
                      ErrTag::D_PDESC_ZERO);  // DTrace's tag for a library the process lacks
  return total;
}

}  // namespace dtrace::proc
