// USDT probes of objects linked with drti (dtrace -G), on a device that
// does not take drti's registrations (the bpf backend: drti finds no
// /dev/dtrace). The stapsdt creator hands such an object here; its
// probes are made as the module makes them from drti's program
// (kernel/prov/usdt.c): from the object's site records, one probe per
// provider, name and function the site is written in (__func__), every
// site a call site whose arguments are where a call passes them, and the
// semaphore of any of the probe's sites counting every site's enabling.
#include <dirent.h>
#include <unistd.h>

#include <cstdlib>
#include <map>
#include <set>
#include <tuple>

#include "proc/user_probes.h"
#include "usdt/drti_sites.h"
#include "usdt/provider_defs.h"
#include "usdt/stapsdt_notes.h"

namespace dtrace::proc {
namespace {

using ProbeKey = std::tuple<std::string, std::string>;  // name (with "-"), function

struct DrtiProbe {
  std::vector<const usdt::DrtiSite*> sites;
  uint64_t semaphore = 0;
  uint64_t nargs = 0;
  std::string argtypes;  // the first site's, as drti's program
};

// Where a call site's arguments are (usdt/dtrace_sdt.h): the ABI's
// argument registers, then the stack from 0(%rsp), 8 bytes each.
Result<std::vector<dtrace_uarg>> call_args(uint64_t nargs) {
  static const char* const kRegs[] = {"%rdi", "%rsi", "%rdx", "%rcx", "%r8", "%r9"};
  constexpr uint64_t kNRegs = sizeof kRegs / sizeof kRegs[0];
  std::string specs;
  for (uint64_t i = 0; i < nargs; i++)
    specs +=
        i < kNRegs ? std::string("8@") + kRegs[i] + " " : "8@" + std::to_string(8 * (i - kNRegs)) + "(%rsp) ";
  return usdt::parse_arg_specs(specs);
}

Result<uint32_t> create_probe(const cc::ProbeSpec& spec, pid_t pid, const MappedObject& o,
                              const ProbeKey& key, const DrtiProbe& p, UserProbeContext& ctx) {
  auto args = call_args(p.nargs);
  auto sem = p.semaphore ? o.elf->file_offset(p.semaphore) : std::optional<uint64_t>(0);
  if (!args || !sem) return 0u;  // more arguments than a site passes; a semaphore outside the file
  uint32_t made = 0;
  for (const usdt::DrtiSite* s : p.sites) {
    auto off = o.elf->file_offset(s->pc);
    if (!off) continue;
    dtrace_userprobe up =
        usdt_request(spec.provider, pid, o, std::get<1>(key), std::get<0>(key), {*off, *sem}, *args);
    auto id = ctx.create(up);
    if (!id) return id.error();
    if (Status st = ctx.dev.userprobe_argtypes(*id, p.argtypes, static_cast<uint32_t>(p.nargs)); !st)
      return st.error();
    made = 1;
  }
  return made;
}

}  // namespace

Result<uint32_t> create_drti_probes(const cc::ProbeSpec& spec, const std::string& provider, pid_t pid,
                                    const MappedObject& o, UserProbeContext& ctx) {
  auto sites = usdt::read_drti_sites(o.open_path);
  if (!sites) return 0u;  // unreadable records: no probes, as drti registers none
  std::map<ProbeKey, DrtiProbe> probes;
  for (const usdt::DrtiSite& s : *sites) {
    if (s.provider != provider) continue;
    ProbeKey key{usdt::probe_name(s.name), s.func};
    if (!glob_matches(spec.name, std::get<0>(key)) || !glob_matches(spec.func, std::get<1>(key))) continue;
    DrtiProbe& p = probes[key];
    if (p.sites.empty()) p.argtypes = s.argtypes;
    p.sites.push_back(&s);
    if (p.semaphore == 0) p.semaphore = s.semaphore;
    if (s.nargs > p.nargs) p.nargs = s.nargs;
  }
  uint32_t total = 0;
  for (const auto& [key, p] : probes) {
    auto n = create_probe(spec, pid, o, key, p, ctx);
    if (!n) return n.error();
    total += *n;
  }
  return total;
}

namespace {

// The drti objects' providers of every process that spec matches.
Result<uint32_t> walk_processes(const cc::ProbeSpec& spec, UserProbeContext& ctx) {
  DIR* d = opendir("/proc");
  if (d == nullptr) return 0u;
  std::vector<pid_t> pids;
  while (dirent* e = readdir(d)) {
    char* end = nullptr;
    long pid = std::strtol(e->d_name, &end, 10);
    if (pid > 0 && *end == '\0' && pid != getpid()) pids.push_back(static_cast<pid_t>(pid));
  }
  closedir(d);
  uint32_t total = 0;
  for (pid_t pid : pids) {
    auto img = ctx.image(pid);
    if (!img) continue;  // gone, or no objects (a kernel thread)
    for (const MappedObject& o : (*img)->objects()) {
      // One process's refusal (gone meanwhile, a limit) is its own,
      // as the module's registrations of other processes are.
      if (!o.elf || !module_matches(spec.mod, o)) continue;
      auto n = create_drti_object_probes(spec, pid, o, ctx);
      if (n) total += *n;
    }
  }
  return total;
}

}  // namespace

Result<uint32_t> create_drti_object_probes(const cc::ProbeSpec& spec, pid_t pid, const MappedObject& o,
                                           UserProbeContext& ctx) {
  auto file = usdt::read_stapsdt_notes(o.open_path);
  if (!file || !file->registers_itself) return 0u;
  auto sites = usdt::read_drti_sites(o.open_path);
  if (!sites) return 0u;
  std::set<std::string> provs;
  for (const usdt::DrtiSite& s : *sites) provs.insert(s.provider);
  uint32_t total = 0;
  for (const std::string& prov : provs) {
    cc::ProbeSpec one = spec;
    one.provider = prov + std::to_string(pid);
    if (!glob_matches(spec.provider, one.provider)) continue;
    auto n = create_drti_probes(one, prov, pid, o, ctx);
    if (!n) return n.error();
    total += *n;
  }
  return total;
}

Result<uint32_t> create_drti_probes_of_all(const cc::ProbeSpec& spec, UserProbeContext& ctx) {
  // A glob of no literal start would read every process for any
  // description; one starting with "pid" is the pid provider's.
  if (spec.provider.empty() || is_glob(spec.provider.substr(0, 1)) || spec.provider.rfind("pid", 0) == 0)
    return 0u;
  return walk_processes(spec, ctx);
}

Result<uint32_t> create_every_drti_probe(UserProbeContext& ctx) { return walk_processes({}, ctx); }

}  // namespace dtrace::proc
