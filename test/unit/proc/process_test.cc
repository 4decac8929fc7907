// Process control natively: -c holds the command at its entry point with
// its libraries mapped, -p stops and lets go a running process, and
// symbols resolve in both directions.
#include "proc/process.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "proc/process_image.h"

namespace dtrace::proc {
namespace {

const std::string kCalls = std::string(DTRACE_TRIGGER_DIR) + "/pid-calls";
const std::string kLoop = std::string(DTRACE_TRIGGER_DIR) + "/pid-loop";

bool has_module(const ProcessImage& img, const std::string& m) {
  for (const auto& o : img.objects())
    if (o.module == m) return true;
  return false;
}

bool wait_exited(Process& p) {
  for (int i = 0; i < 500; i++) {
    if (p.exited()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

// Waits (5 s at most) until pid runs the program named base: a process
// test starts from a condition, not from a fixed sleep.
bool wait_exec(pid_t pid, const std::string& base) {
  std::string exe = "/proc/" + std::to_string(pid) + "/exe";
  for (int i = 0; i < 5000; i++) {
    char buf[4096];
    ssize_t n = readlink(exe.c_str(), buf, sizeof buf - 1);
    if (n > 0 && std::string(buf, n).ends_with("/" + base)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}

char state_of(pid_t pid) {
  FILE* f = std::fopen(("/proc/" + std::to_string(pid) + "/stat").c_str(), "r");
  if (!f) return 0;
  char buf[512] = {};
  size_t n = std::fread(buf, 1, sizeof buf - 1, f);
  std::fclose(f);
  std::string s(buf, n);
  return s[s.rfind(')') + 2];
}

TEST(Process, CreateHoldsAtMainWithLibrariesMapped) {
  auto p = Process::create(kCalls);
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_TRUE((*p)->held());
  EXPECT_EQ(state_of((*p)->pid()), 't');  // ptrace-stopped
  ObjectFiles files;
  auto img = ProcessImage::read((*p)->pid(), files);
  ASSERT_TRUE(img) << img.error().message;
  EXPECT_TRUE(has_module(*img, "pid-calls"));
  EXPECT_TRUE(has_module(*img, "libc.so.6"));
  user_regs_struct regs;
  ASSERT_EQ(ptrace(PTRACE_GETREGS, (*p)->pid(), nullptr, &regs), 0);
  UserAddress at = img->resolve(regs.rip);
  ASSERT_TRUE(at.symbol);
  EXPECT_EQ(at.symbol->name, "main");
  EXPECT_EQ(at.offset, 0u);
  (*p)->release();
  EXPECT_TRUE(wait_exited(**p));
}

TEST(Process, CreateOfAStrippedCommandHoldsAtItsEntryPoint) {
  auto p = Process::create(std::string(DTRACE_TRIGGER_DIR) + "/pid-stripped 1");
  ASSERT_TRUE(p) << p.error().message;
  ObjectFiles files;
  auto img = ProcessImage::read((*p)->pid(), files);
  ASSERT_TRUE(img) << img.error().message;
  EXPECT_TRUE(has_module(*img, "pid-stripped"));
  EXPECT_FALSE(img->objects()[0].elf->has_symbols());
  (*p)->release();
  EXPECT_TRUE(wait_exited(**p));
}

TEST(Process, CreateOfAMissingCommandFails) {
  auto p = Process::create("/no/such/command arg");
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error().message, "failed to execute /no/such/command: No such file or directory");
}

TEST(Process, GrabStopsAndReleaseResumes) {
  pid_t child = fork();
  if (child == 0) {
    execl(kLoop.c_str(), kLoop.c_str(), nullptr);
    _exit(127);
  }
  ASSERT_TRUE(wait_exec(child, "pid-loop"));
  {
    auto p = Process::grab(child);
    ASSERT_TRUE(p) << p.error().message;
    EXPECT_EQ(state_of(child), 't');
    EXPECT_FALSE((*p)->exited());
  }  // destruction detaches
  char st = state_of(child);
  for (int i = 0; i < 5000 && st == 't'; i++) {  // the detach takes effect
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    st = state_of(child);
  }
  EXPECT_TRUE(st == 'S' || st == 'R') << st;
  kill(child, SIGKILL);
  waitpid(child, nullptr, 0);
}

TEST(Process, GrabOfANonexistentPidFails) {
  auto p = Process::grab(999999999);
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error().message, "failed to grab pid 999999999: No such process");
}

extern "C" int process_test_marker(int x) { return x + 1; }

TEST(ProcessImage, ResolvesOwnFunctionsAndLibc) {
  ObjectFiles files;
  auto img = ProcessImage::read(getpid(), files);
  ASSERT_TRUE(img) << img.error().message;
  auto r = img->resolve(reinterpret_cast<uint64_t>(&process_test_marker) + 1);
  ASSERT_TRUE(r.object && r.symbol);
  EXPECT_TRUE(r.object->executable);
  EXPECT_EQ("/" + r.object->module, r.object->path.substr(r.object->path.rfind('/')));
  EXPECT_EQ(r.symbol->name, "process_test_marker");
  EXPECT_EQ(r.offset, 1u);
  auto m = img->resolve(reinterpret_cast<uint64_t>(&::getpid));
  ASSERT_TRUE(m.object && m.symbol);
  EXPECT_EQ(m.object->module, "libc.so.6");
  EXPECT_EQ(m.symbol->name, "getpid");
}

extern "C" {
int process_test_datum = 5;  // .data
long process_test_zeroed;    // .bss: no file offset of its own
}

TEST(ProcessImage, DataSymbolsAtTheirAddressesInTheProcess) {
  ObjectFiles files;
  auto img = ProcessImage::read(getpid(), files);
  ASSERT_TRUE(img) << img.error().message;
  for (auto [name, addr] :
       {std::pair{"process_test_datum", reinterpret_cast<uint64_t>(&process_test_datum)},
        std::pair{"process_test_zeroed", reinterpret_cast<uint64_t>(&process_test_zeroed)}}) {
    DataSymbol d = img->data_symbol("a.out", name, true);
    EXPECT_TRUE(d.module_known && d.found) << name;
    EXPECT_EQ(d.module, "a.out");
    EXPECT_EQ(d.addr, addr) << name;
    DataSymbol any = img->data_symbol("", name, true);
    EXPECT_EQ(any.addr, addr) << name;
  }
  EXPECT_FALSE(img->data_symbol("a.out", "process_test_datum", false).module_known);  // not the first target
  EXPECT_FALSE(img->data_symbol("a.out", "process_test_marker", true).found);         // a function
  DataSymbol none = img->data_symbol("libnone.so", "x", true);
  EXPECT_FALSE(none.module_known || none.found);
}

TEST(ProcessImage, ParsesMapsIntoModules) {
  std::string maps =
      "55d0a000-55d0b000 r--p 00000000 08:01 12 /usr/bin/prog\n"
      "55d0b000-55d0c000 r-xp 00001000 08:01 12 /usr/bin/prog\n"
      "7f00000-7f01000 rw-p 00000000 00:00 0 \n"
      "7f10000-7f20000 r-xp 00028000 08:01 13 /usr/lib/x86_64-linux-gnu/libc.so.6\n"
      "7ffd000-7ffe000 rw-p 00000000 00:00 0 [stack]\n";
  ProcessImage img = ProcessImage::parse(42, maps, "/usr/bin/prog");
  ASSERT_EQ(img.objects().size(), 2u);
  EXPECT_EQ(img.objects()[0].module, "prog");
  EXPECT_TRUE(img.objects()[0].executable);
  EXPECT_FALSE(img.objects()[1].executable);
  EXPECT_EQ(img.objects()[0].maps.size(), 2u);
  EXPECT_EQ(img.objects()[1].module, "libc.so.6");
  EXPECT_EQ(img.objects()[1].open_path, "/proc/42/root/usr/lib/x86_64-linux-gnu/libc.so.6");
}

}  // namespace
}  // namespace dtrace::proc
