// -x pgmax: the consumer keeps the objects of at most pgmax processes
// besides the -c/-p targets, the least recently used going first.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "consume/usyms.h"

namespace dtrace::consume {
namespace {

std::vector<pid_t> start_loops(int n) {
  std::vector<pid_t> out;
  std::string loop = std::string(DTRACE_TRIGGER_DIR) + "/pid-loop";
  for (int i = 0; i < n; i++) {
    pid_t c = fork();
    if (c == 0) {
      execl(loop.c_str(), loop.c_str(), "10", nullptr);
      _exit(127);
    }
    out.push_back(c);
  }
  // Until each runs pid-loop (its image is what gets cached), not a
  // fixed sleep: 5 s at most.
  for (pid_t c : out) {
    std::string exe = "/proc/" + std::to_string(c) + "/exe";
    for (int i = 0; i < 5000; i++) {
      char buf[4096];
      ssize_t n = readlink(exe.c_str(), buf, sizeof buf - 1);
      if (n > 0 && std::string(buf, n).ends_with("/pid-loop")) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
  return out;
}

TEST(UserSymbolCache, PgmaxBoundsTheProcessesKept) {
  auto pids = start_loops(4);
  UserSymbols syms, other;
  syms.set_process_limit(1);
  (void)syms.address(pids[0], 1);
  size_t one = syms.cached_processes();
  (void)syms.address(pids[1], 1);
  (void)syms.address(pids[2], 1);
  EXPECT_EQ(syms.cached_processes(), one);  // each new one replaced the last
  // Another session's symbols keep their own limit (8).
  for (int i = 0; i < 3; i++) (void)other.address(pids[i], 1);
  EXPECT_EQ(other.cached_processes(), one + 2);
  syms.set_process_limit(8);
  (void)syms.address(pids[3], 1);
  (void)syms.address(pids[0], 1);
  EXPECT_EQ(syms.cached_processes(), one + 2);
  for (pid_t p : pids) {
    kill(p, SIGKILL);
    waitpid(p, nullptr, 0);
  }
}

}  // namespace
}  // namespace dtrace::consume
