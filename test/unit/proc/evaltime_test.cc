// -x evaltime and -x setenv/unsetenv natively: where a created process
// is held (the exec, its entry point, main) and the environment it gets.
#include <gtest/gtest.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "proc/process.h"
#include "proc/process_image.h"

namespace dtrace::proc {
namespace {

const std::string kCalls = std::string(DTRACE_TRIGGER_DIR) + "/pid-calls";

bool maps_module(pid_t pid, const std::string& m) {
  ObjectFiles files;
  auto img = ProcessImage::read(pid, files);
  if (!img) return false;
  for (const auto& o : img->objects())
    if (o.module == m) return true;
  return false;
}

// The function the held process is about to run.
std::string held_in(pid_t pid) {
  user_regs_struct regs;
  if (ptrace(PTRACE_GETREGS, pid, nullptr, &regs) != 0) return "?";
  ObjectFiles files;
  auto img = ProcessImage::read(pid, files);
  if (!img) return "?";
  UserAddress at = img->resolve(regs.rip);
  return at.symbol && at.offset == 0 ? at.symbol->name : "?";
}

// pid-calls created with o, held at evaltime t.
auto create_held(EvalTime t, CreateOptions o = {}) {
  o.evaltime = t;
  return Process::create(kCalls, o);
}

std::vector<std::string> environment_of(pid_t pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/environ");
  std::vector<std::string> out;
  for (std::string v; std::getline(f, v, '\0');) out.push_back(v);
  return out;
}

TEST(EvalTime, ParsesDTraceNames) {
  EXPECT_EQ(parse_evaltime("exec"), EvalTime::Exec);
  EXPECT_EQ(parse_evaltime("preinit"), EvalTime::Preinit);
  EXPECT_EQ(parse_evaltime("postinit"), EvalTime::Postinit);
  EXPECT_EQ(parse_evaltime("main"), EvalTime::Main);
  EXPECT_FALSE(parse_evaltime("start"));
}

TEST(EvalTime, ExecHoldsBeforeTheLibrariesAreMapped) {
  auto p = create_held(EvalTime::Exec);
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_TRUE(maps_module((*p)->pid(), "pid-calls"));
  EXPECT_FALSE(maps_module((*p)->pid(), "libc.so.6"));
}

TEST(EvalTime, PreinitHoldsAtTheEntryPointWithLibrariesMapped) {
  auto p = create_held(EvalTime::Preinit);
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_TRUE(maps_module((*p)->pid(), "libc.so.6"));
  EXPECT_EQ(held_in((*p)->pid()), "_start");
}

TEST(EvalTime, PostinitAndMainHoldAtMain) {
  for (EvalTime t : {EvalTime::Postinit, EvalTime::Main}) {
    auto p = create_held(t);
    ASSERT_TRUE(p) << p.error().message;
    EXPECT_EQ(held_in((*p)->pid()), "main");
  }
}

TEST(CreateEnvironment, SetenvAndUnsetenvApplyInOrder) {
  ASSERT_EQ(setenv("DT_UNIT_GONE", "x", 1), 0);
  ASSERT_EQ(setenv("DT_UNIT_KEPT", "y", 1), 0);
  CreateOptions o;
  o.env = {
      {"DT_UNIT_NEW", "a=b"}, {"DT_UNIT_GONE", std::nullopt}, {"DT_UNIT_TWICE", "1"}, {"DT_UNIT_TWICE", "2"}};
  auto p = create_held(EvalTime::Exec, o);
  ASSERT_TRUE(p) << p.error().message;
  auto env = environment_of((*p)->pid());
  auto has = [&env](const std::string& v) { return std::find(env.begin(), env.end(), v) != env.end(); };
  EXPECT_TRUE(has("DT_UNIT_NEW=a=b"));
  EXPECT_TRUE(has("DT_UNIT_KEPT=y"));
  EXPECT_TRUE(has("DT_UNIT_TWICE=2"));
  EXPECT_FALSE(has("DT_UNIT_TWICE=1"));
  for (const auto& v : env) EXPECT_NE(v.rfind("DT_UNIT_GONE=", 0), 0u) << v;
  unsetenv("DT_UNIT_GONE");
  unsetenv("DT_UNIT_KEPT");
}

}  // namespace
}  // namespace dtrace::proc
