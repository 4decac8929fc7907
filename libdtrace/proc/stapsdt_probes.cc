// USDT probes of binaries that carry .note.stapsdt notes (SystemTap's
// <sys/sdt.h>, python3, our own dtrace -h macros) but do not register
// themselves: <provider><N>:module:function:name. Each note of provider
// <provider> in an object of process N whose name (with "__" as "-")
// and enclosing function match becomes one site of a DTRACE_UP_USDT
// probe, with its argument locations and its semaphore as the uprobe's
// reference counter (so the binary's is-enabled tests turn true).
// Objects linked with drti register their own probes, where the device
// takes drti's registrations; elsewhere drti_probes.cc makes them.
#include <cctype>
#include <optional>

#include "proc/user_probes.h"
#include "usdt/provider_defs.h"
#include "usdt/stapsdt_notes.h"

namespace dtrace::proc {
namespace {

// "python1234" -> {"python", 1234}; nothing for "pid1234", "fbt", "x*9".
std::optional<std::pair<std::string, pid_t>> split_provider(const std::string& prov) {
  size_t digits = prov.size();
  while (digits > 0 && isdigit(static_cast<unsigned char>(prov[digits - 1]))) digits--;
  if (digits == 0 || digits == prov.size() || prov.size() - digits > 9) return std::nullopt;
  std::string name = prov.substr(0, digits);
  if (name == "pid" || is_glob(name)) return std::nullopt;
  return std::make_pair(name, static_cast<pid_t>(std::stol(prov.substr(digits))));
}

// The probe of one note, or nothing when the note is not asked for or
// cannot be traced (its site or semaphore outside the file, an argument
// we cannot read).
std::optional<dtrace_userprobe> probe_of(const cc::ProbeSpec& spec, pid_t pid, const MappedObject& o,
                                         const usdt::StapsdtNote& note) {
  std::string name = usdt::probe_name(note.name);
  const ElfSymbol* sym = o.elf->lookup(note.pc);
  std::string func = sym ? sym->name : "";
  if (!glob_matches(spec.name, name) || !glob_matches(spec.func, func)) return std::nullopt;
  auto off = o.elf->file_offset(note.pc);
  auto sem = note.semaphore ? o.elf->file_offset(note.semaphore) : std::optional<uint64_t>(0);
  auto args = usdt::parse_arg_specs(note.args);
  if (!off || !sem || !args) return std::nullopt;
  return usdt_request(spec.provider, pid, o, func, name, {*off, *sem}, *args);
}

}  // namespace

Result<uint32_t> create_stapsdt_probes(cc::ProbeSpec& spec, UserProbeContext& ctx) {
  auto prov = split_provider(spec.provider);
  if (!prov && !ctx.dev.takes_helpers() && is_glob(spec.provider))
    return create_drti_probes_of_all(spec, ctx);
  if (!prov) return 0u;
  auto img = ctx.image(prov->second);
  if (!img) return 0u;  // no such process: not a USDT provider after all
  name_module(spec, **img);
  uint32_t total = 0;
  for (const MappedObject& o : (*img)->objects()) {
    if (!o.elf || !module_matches(spec.mod, o)) continue;
    auto file = usdt::read_stapsdt_notes(o.open_path);
    if (!file) continue;
    if (file->registers_itself) {  // drti's object: its own records, unless drti registered them
      if (ctx.dev.takes_helpers()) continue;
      auto n = create_drti_probes(spec, prov->first, prov->second, o, ctx);
      if (!n) return n.error();
      total += *n;
      continue;
    }
    for (const usdt::StapsdtNote& note : file->notes) {
      if (note.provider != prov->first) continue;
      auto up = probe_of(spec, prov->second, o, note);
      if (!up) continue;
      auto id = ctx.create(*up);
      if (!id) return id.error();
      total++;
    }
  }
  return total;
}

}  // namespace dtrace::proc
