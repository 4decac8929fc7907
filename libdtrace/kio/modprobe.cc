#include "kio/modprobe.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <string>

extern char** environ;

namespace dtrace::kio {
namespace {

std::string modprobe_path() {
  std::ifstream in("/proc/sys/kernel/modprobe");
  std::string path;
  if (in && std::getline(in, path) && !path.empty() && path[0] == '/' && ::access(path.c_str(), X_OK) == 0)
    return path;
  return "/sbin/modprobe";
}

}  // namespace

bool load_module() {
  if (::geteuid() != 0) return false;
  std::string path = modprobe_path();
  char arg0[] = "modprobe", quiet[] = "-q", name[] = "dtrace";
  char* argv[] = {arg0, quiet, name, nullptr};
  pid_t pid;
  if (::posix_spawn(&pid, path.c_str(), nullptr, nullptr, argv, environ) != 0) return false;
  int status;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return false;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

bool module_loaded() { return ::access("/sys/module/dtrace", F_OK) == 0; }

}  // namespace dtrace::kio
