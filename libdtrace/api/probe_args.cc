#include "api/probe_args.h"

#include <fnmatch.h>

#include <cstring>
#include <fstream>

#include "api/known_probes.h"
#include "ctf/btf_func.h"
#include "ctf/kernel_types.h"

namespace dtrace::api {
namespace {

constexpr uint32_t kMaxRegArgs = 6;   // syscall fires with six arguments
constexpr uint32_t kMaxFbtArgs = 10;  // fbt entry: six registers, then the stack

std::string field(const char* s, size_t n) { return std::string(s, strnlen(s, n)); }

// DTrace globs: an empty field matches everything.
bool glob(const std::string& pattern, const std::string& s) {
  return pattern.empty() || fnmatch(pattern.c_str(), s.c_str(), 0) == 0;
}

std::string probe_name(const std::string& p, const std::string& m, const std::string& f,
                       const std::string& n) {
  return p + ":" + m + ":" + f + ":" + n;
}

// "field:const char * filename;" -> "const char *"; "" for other lines.
std::string format_field_type(const std::string& line) {
  size_t a = line.find("field:");
  size_t b = line.find(';');
  if (a == std::string::npos || b == std::string::npos || b < a) return "";
  std::string decl = line.substr(a + 6, b - a - 6);
  for (const char* noise : {"__attribute__((user))", "__user"}) {
    for (size_t p; (p = decl.find(noise)) != std::string::npos;) decl.erase(p, std::strlen(noise));
  }
  size_t end = decl.find_last_not_of(' ');
  size_t name = decl.find_last_of(" *", end);
  if (end == std::string::npos || name == std::string::npos) return "";
  std::string id = decl.substr(name + 1, end - name);
  if (id.rfind("common_", 0) == 0 || id == "__syscall_nr") return "";
  std::string type = decl.substr(0, name + 1);
  while (!type.empty() && type.back() == ' ') type.pop_back();
  return type;
}

// An fbt or pid probe's arguments from its function's prototype (BTF's
// or DWARF's): entry's are the parameters, at most `max`; return's the
// offset and the value returned, if any.
template <typename Proto>
std::vector<cc::ProbeArg> prototype_args(const Proto& proto, const std::string& name, uint32_t max) {
  std::vector<cc::ProbeArg> out;
  if (name == "return") {
    out.push_back({"int", "", 0});
    if (proto.ret != "void") out.push_back({proto.ret, "", 1});
    return out;
  }
  for (uint32_t i = 0; i < proto.params.size() && i < max; i++) out.push_back({proto.params[i], "", i});
  return out;
}

}  // namespace

const ctf::BtfFile* ProbeArgTypes::btf() {
  if (!btf_tried_) {
    btf_tried_ = true;
    if (!src_.btf_path.empty())
      btf_ = src_.btf_files ? src_.btf_files->get(src_.btf_path) : ctf::read_btf(src_.btf_path);
  }
  return btf_.get();
}

// A module's BTF next to vmlinux's: /sys/kernel/btf/<module>.
const ctf::BtfFile* ProbeArgTypes::module_btf(const std::string& mod) {
  auto it = module_btf_.find(mod);
  if (it != module_btf_.end()) return it->second.get();
  std::shared_ptr<const ctf::BtfFile> b;
  size_t slash = src_.btf_path.rfind('/');
  if (btf() != nullptr && slash != std::string::npos && mod.find('/') == std::string::npos)
    b = ctf::split_btf(src_.btf_path.substr(0, slash + 1) + mod, btf_);
  return module_btf_.emplace(mod, std::move(b)).first->second.get();
}

std::vector<cc::ProbeArg> ProbeArgTypes::fbt_args(const std::string& mod, const std::string& func,
                                                  const std::string& name) {
  const ctf::BtfFile* b = mod == "vmlinux" ? btf() : module_btf(mod);
  auto proto = b ? ctf::func_proto(*b, func) : std::nullopt;
  if (!proto) return {};
  return prototype_args(*proto, name, kMaxFbtArgs);
}

std::vector<cc::ProbeArg> ProbeArgTypes::pid_args(int pid, const std::string& mod, const std::string& func,
                                                  const std::string& name) {
  std::vector<cc::ProbeArg> out;
  if (!src_.user_objects || (name != "entry" && name != "return")) return out;
  auto& types = pid_types_[pid];
  if (!types) {
    std::vector<ctf::UserObject> objs;
    for (auto& [m, path] : src_.user_objects(pid)) objs.push_back({m, path});
    types = std::make_unique<ctf::UserTypes>(std::move(objs));
  }
  auto proto = types->func_proto(mod, func);
  if (!proto || (name == "return" && proto->ret.empty())) return out;  // a float or struct: untyped
  return prototype_args(*proto, name, DTRACE_MAXARGS);
}

std::vector<cc::ProbeArg> ProbeArgTypes::syscall_args(const std::string& func, const std::string& name) {
  std::vector<cc::ProbeArg> out;
  if (name == "return") return {{"long", "", 0}, {"long", "", 1}};
  std::ifstream f(src_.tracefs + "/events/syscalls/sys_enter_" + func + "/format");
  for (std::string line; std::getline(f, line) && out.size() < kMaxRegArgs;) {
    std::string t = format_field_type(line);
    // A system call's pointer arguments point into the caller's memory.
    if (t.find('*') != std::string::npos) t = "userland " + t;
    if (!t.empty()) out.push_back({t, "", static_cast<uint32_t>(out.size())});
  }
  return out;
}

std::vector<cc::ProbeArg> ProbeArgTypes::of_probe(const dtrace_probedesc& d) {
  std::vector<cc::ProbeArg> out;
  for (uint32_t i = 0; src_.probe_arg && i < DTRACE_MAXARGS; i++) {
    auto a = src_.probe_arg(d.dtpd_id, i);
    if (!a) break;
    out.push_back({field(a->dtargd_native, sizeof a->dtargd_native),
                   field(a->dtargd_xlate, sizeof a->dtargd_xlate), static_cast<uint32_t>(a->dtargd_mapping)});
  }
  if (!out.empty()) return out;
  std::string prov = field(d.dtpd_provider, sizeof d.dtpd_provider);
  std::string func = field(d.dtpd_func, sizeof d.dtpd_func);
  std::string name = field(d.dtpd_name, sizeof d.dtpd_name);
  if (prov == "fbt") return fbt_args(field(d.dtpd_mod, sizeof d.dtpd_mod), func, name);
  if (prov == "syscall") return syscall_args(func, name);
  if (prov.size() > 3 && prov.compare(0, 3, "pid") == 0 &&
      prov.find_first_not_of("0123456789", 3) == std::string::npos)
    return pid_args(std::stoi(prov.substr(3)), field(d.dtpd_mod, sizeof d.dtpd_mod), func, name);
  return out;
}

std::vector<cc::ProbeArgs> ProbeArgTypes::without_device(const cc::ProbeSpec& s) {
  std::vector<cc::ProbeArgs> out;
  if (s.id != 0) return out;
  for (const KnownProbe& k : known_stable_probes())
    if (glob(s.provider, k.provider) && glob(s.mod, "vmlinux") && glob(s.func, "") && glob(s.name, k.name))
      out.push_back({probe_name(k.provider, "vmlinux", "", k.name), k.args});
  // fbt only when the description names it, as the module creates fbt probes.
  const ctf::BtfFile* b =
      s.provider.empty() || !glob(s.provider, "fbt") || !glob(s.mod, "vmlinux") ? nullptr : btf();
  if (b == nullptr) return out;
  b->funcs().for_each([&](std::string_view fn, uint32_t) {
    std::string func(fn);
    if (!glob(s.func, func)) return;
    for (const char* name : {"entry", "return"})
      if (glob(s.name, name))
        out.push_back({probe_name("fbt", "vmlinux", func, name), fbt_args("vmlinux", func, name)});
  });
  return out;
}

Result<std::vector<cc::ProbeArgs>> ProbeArgTypes::describe(const cc::ProbeSpec& s) {
  if (!src_.match) return without_device(s);
  auto probes = src_.match(s);
  if (!probes) return probes.error();
  std::vector<cc::ProbeArgs> out;
  for (const dtrace_probedesc& d : *probes) {
    std::string name =
        probe_name(field(d.dtpd_provider, sizeof d.dtpd_provider), field(d.dtpd_mod, sizeof d.dtpd_mod),
                   field(d.dtpd_func, sizeof d.dtpd_func), field(d.dtpd_name, sizeof d.dtpd_name));
    out.push_back({name, of_probe(d)});
  }
  return out;
}

}  // namespace dtrace::api
