#include "proc/user_probes.h"

#include <fnmatch.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "proc/process.h"

namespace dtrace::proc {
namespace {

constexpr UserProbeCreator kCreators[] = {
    create_pid_probes,
    create_stapsdt_probes,
};

}  // namespace

bool glob_matches(const std::string& pattern, const std::string& s) {
  return pattern.empty() || fnmatch(pattern.c_str(), s.c_str(), 0) == 0;
}

bool is_glob(const std::string& s) { return s.find_first_of("*?[\\") != std::string::npos; }

bool module_matches(const std::string& pattern, const MappedObject& o) {
  if (glob_matches(pattern, o.module) || (o.executable && pattern == "a.out")) return true;
  size_t so = o.module.find(".so");
  return so != std::string::npos &&
         (glob_matches(pattern, o.module.substr(0, so)) || glob_matches(pattern, o.module.substr(0, so + 3)));
}

void name_module(cc::ProbeSpec& spec, const ProcessImage& img) {
  if (spec.mod.empty() || is_glob(spec.mod)) return;
  std::string named;
  for (const MappedObject& o : img.objects()) {
    if (o.module == spec.mod) return;
    if (!module_matches(spec.mod, o)) continue;
    if (!named.empty() && named != o.module) return;  // ambiguous: left as written
    named = o.module;
  }
  if (!named.empty()) spec.mod = named;
}

void copy_field(char* dst, size_t n, const std::string& s) {
  std::strncpy(dst, s.c_str(), n - 1);
  dst[n - 1] = '\0';
}

dtrace_userprobe usdt_request(const std::string& provider, pid_t pid, const MappedObject& o,
                              const std::string& func, const std::string& name, UsdtSite site,
                              const std::vector<dtrace_uarg>& args) {
  dtrace_userprobe up{};
  copy_field(up.dtup_desc.dtpd_provider, sizeof up.dtup_desc.dtpd_provider, provider);
  copy_field(up.dtup_desc.dtpd_mod, sizeof up.dtup_desc.dtpd_mod, o.module);
  copy_field(up.dtup_desc.dtpd_func, sizeof up.dtup_desc.dtpd_func, func);
  copy_field(up.dtup_desc.dtpd_name, sizeof up.dtup_desc.dtpd_name, name);
  up.dtup_pid = static_cast<uint32_t>(pid);
  up.dtup_kind = DTRACE_UP_USDT;
  up.dtup_offset = site.offset;
  up.dtup_refctr = site.refctr;
  up.dtup_nargs = static_cast<uint32_t>(std::min<size_t>(args.size(), DTRACE_MAXARGS));
  for (size_t i = 0; i < up.dtup_nargs; i++) up.dtup_args[i] = args[i];
  copy_field(up.dtup_path, sizeof up.dtup_path, o.open_path);
  return up;
}

Result<const ProcessImage*> UserProbeContext::image(pid_t pid) {
  auto it = images.find(pid);
  if (it != images.end()) return it->second.get();
  auto img = ProcessImage::read(pid, files);
  if (!img)  // pid0 is not a process DTrace can trace: D_PROC_BADPID
    return make_error("failed to grab pid " + std::to_string(pid) + ": No such process",
                      pid <= 0 ? ErrTag::D_PROC_BADPID : ErrTag::D_PROC_GRAB);
  return images.emplace(pid, std::make_unique<ProcessImage>(std::move(*img))).first->second.get();
}

Result<uint32_t> UserProbeContext::create(dtrace_userprobe& up) {
  if (fresh) {
    auto have = dev.probe_match(up.dtup_desc, 0);
    if (have && *have) return (*have)->dtpd_id;
  }
  int err = 0;
  auto r = dev.userprobe(up, &err);
  if (r && fresh) fresh->push_back(*r);
  if (r) return *r;
  std::string name = std::string(up.dtup_desc.dtpd_provider) + ":" + up.dtup_desc.dtpd_mod + ":" +
                     up.dtup_desc.dtpd_func + ":" + up.dtup_desc.dtpd_name;
  if (err == ESRCH || (err == ENOENT && !process_alive(static_cast<pid_t>(up.dtup_pid))))
    return make_error("pid " + std::to_string(up.dtup_pid) + " has exited", ErrTag::D_PROC_GRAB);
  return make_error("failed to create probe " + name + ": " + r.error().message, ErrTag::D_PROC_CREATEFAIL);
}

Result<uint32_t> create_user_probes(cc::ProbeSpec& spec, UserProbeContext& ctx) {
  for (UserProbeCreator c : kCreators) {
    auto n = c(spec, ctx);
    if (!n || *n) return n;
  }
  return 0u;
}

}  // namespace dtrace::proc
