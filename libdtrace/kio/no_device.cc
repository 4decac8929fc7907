// Diagnoses a missing /dev/dtrace from what the kernel publishes about
// module loading (doc/kernels.md, "Refusals", lists every message).
#include "kio/no_device.h"

#include <fstream>
#include <sstream>
#include <sys/stat.h>

namespace dtrace::kio {
namespace {

bool exists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

std::string first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

// The selected lockdown mode: "[integrity]" of "none [integrity] confidentiality".
std::string lockdown_mode(const std::string& root) {
  std::string s = first_line(root + "sys/kernel/security/lockdown");
  size_t b = s.find('['), e = s.find(']');
  return b == std::string::npos || e == std::string::npos ? "" : s.substr(b + 1, e - b - 1);
}

bool module_installed(const std::string& root, const std::string& rel) {
  for (const char* dir : {"extra", "updates/dkms", "updates", "kernel/extra"})
    for (const char* ext : {"", ".xz", ".zst", ".gz"})
      if (exists(root + "lib/modules/" + rel + "/" + dir + "/dtrace.ko" + ext)) return true;
  return false;
}

}  // namespace

std::string why_no_device(const std::string& root_in, const std::string& rel) {
  std::string root = root_in.empty() || root_in.back() != '/' ? root_in + "/" : root_in;
  std::ostringstream why;
  if (exists(root + "sys/module/dtrace")) {
    why << "the dtrace module is loaded but /dev/dtrace was not created: is devtmpfs mounted on "
           "/dev?";
    return why.str();
  }
  if (!exists(root + "proc/modules")) {
    why << "this kernel cannot load modules (it was built without CONFIG_MODULES)";
    return why.str();
  }
  if (first_line(root + "proc/sys/kernel/modules_disabled") == "1") {
    why << "module loading is disabled (kernel.modules_disabled=1) until the next boot: load "
           "dtrace.ko before it is disabled";
    return why.str();
  }
  std::string mode = lockdown_mode(root);
  bool enforce = first_line(root + "sys/module/module/parameters/sig_enforce") == "Y";
  if (mode == "confidentiality") {
    why << "the kernel is locked down (confidentiality): it loads only signed modules and "
           "lets none read kernel memory, so dtrace cannot run; boot with lockdown=integrity "
           "or without lockdown";
    return why.str();
  }
  bool installed = module_installed(root, rel);
  if (!installed)
    why << "no dtrace.ko is installed for kernel " << rel
        << ": install the dtrace-dkms package (or run make install) with this kernel's headers";
  else why << "load the dtrace module first (modprobe dtrace)";
  if (mode == "integrity" || enforce)
    why << "; this kernel " << (mode == "integrity" ? "is locked down (integrity) and" : "")
        << " loads only signed modules: sign dtrace.ko with a Machine Owner Key (README, "
           "\"Secure Boot\")";
  return why.str();
}

}  // namespace dtrace::kio
