#include "consume/session_actions.h"

extern char** environ;

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace dtrace::consume {

void SessionActions::system(const std::string& command) {
  std::fflush(out_);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  int fd = fileno(out_);  // -1 for the C API's in-memory output: the command keeps stdout
  if (fd >= 0 && fd != STDOUT_FILENO) posix_spawn_file_actions_adddup2(&fa, fd, STDOUT_FILENO);
  const char* argv[] = {"sh", "-c", command.c_str(), nullptr};
  pid_t pid;
  if (posix_spawn(&pid, "/bin/sh", &fa, nullptr, const_cast<char* const*>(argv), environ) == 0) {
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
  }
  posix_spawn_file_actions_destroy(&fa);
}

std::string SessionActions::freopen(const std::string& path) {
  std::fflush(out_);
  if (fileno(out_) < 0) return "";  // the C API's in-memory output has no file to move
  if (path.empty()) {
    if (st_.saved_out_fd >= 0) dup2(st_.saved_out_fd, fileno(out_));
    return "";
  }
  int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
  if (fd < 0) return "failed to freopen " + path + ": " + std::strerror(errno);
  if (st_.saved_out_fd < 0) st_.saved_out_fd = fcntl(fileno(out_), F_DUPFD_CLOEXEC, 3);
  dup2(fd, fileno(out_));
  close(fd);
  return "";
}

void SessionActions::ftruncate() {
  std::fflush(out_);
  if (::ftruncate(fileno(out_), 0) == 0) std::fseek(out_, 0, SEEK_SET);
}

std::string SessionActions::setopt(const std::string& option, const std::string& value) {
  if (!st_.session || !st_.session->setopt) return "";
  return st_.session->setopt(option, value);
}

void SessionActions::libact(uint64_t libact, const std::string& agg, bool has_n, int64_t n) {
  if (st_.aggs && st_.aggs->libact) st_.aggs->libact(libact, agg, has_n, n);
}

}  // namespace dtrace::consume
