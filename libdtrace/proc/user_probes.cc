#include "proc/user_probes.h"

#include <signal.h>

#include <cerrno>
#include <cstring>

namespace dtrace::proc {
namespace {

constexpr UserProbeCreator kCreators[] = {
    create_pid_probes,
};

}  // namespace

Result<const ProcessImage*> UserProbeContext::image(pid_t pid) {
  auto it = images.find(pid);
  if (it != images.end()) return it->second.get();
  auto img = ProcessImage::read(pid);
  if (!img)
    return make_error("failed to grab pid " + std::to_string(pid) + ": No such process", "D_PROC_GRAB");
  return images.emplace(pid, std::make_unique<ProcessImage>(std::move(*img))).first->second.get();
}

Result<uint32_t> UserProbeContext::create(dtrace_userprobe& up) {
  int err = 0;
  auto r = dev.userprobe(up, &err);
  if (r) return *r;
  std::string name = std::string(up.dtup_desc.dtpd_provider) + ":" + up.dtup_desc.dtpd_mod + ":" +
                     up.dtup_desc.dtpd_func + ":" + up.dtup_desc.dtpd_name;
  if (err == ESRCH || (err == ENOENT && kill(static_cast<pid_t>(up.dtup_pid), 0) != 0))
    return make_error("pid " + std::to_string(up.dtup_pid) + " has exited", "D_PROC_GRAB");
  return make_error("failed to create probe " + name + ": " + r.error().message, "D_PROC_CREATEFAIL");
}

Result<uint32_t> create_user_probes(const cc::ProbeSpec& spec, UserProbeContext& ctx) {
  for (UserProbeCreator c : kCreators) {
    auto n = c(spec, ctx);
    if (!n || *n) return n;
  }
  return 0u;
}

}  // namespace dtrace::proc
