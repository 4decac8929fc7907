// Built-in variables whose values the interpreter's userspace build
// cannot give as the kernel does (clocks, the CPU, the task's kernel
// address and its kernel memory): the translated program alone, run in
// this task, checked against what this task sees of itself.
#include <sched.h>
#include <cstdio>
#include <string>
#include <time.h>
#include <unistd.h>

#include <cstdint>

#include "compare.h"

extern "C" {
#include "dtrace/faults.h"
}

namespace dtrace::bpf::testing {
namespace {

// The value the one-DIFO clause stmts returns, run once with args.
uint64_t run(const std::string& stmts, const Args& args = {}) {
  std::vector<Outcome> out;
  Result<std::vector<Outcome>> r = bpf_runs(compile_clause(stmts), {args});
  EXPECT_TRUE(r.ok()) << stmts << ": " << (r.ok() ? "" : r.error().message);
  if (!r.ok() || r->empty()) return 0;
  const Outcome& o = r->front();
  EXPECT_FALSE(o.faulted) << stmts << ": " << show(o);
  uint64_t v = 0;
  std::memcpy(&v, o.value.data(), std::min<size_t>(8, o.value.size()));
  return v;
}

uint64_t now(clockid_t c) {
  timespec ts{};
  clock_gettime(c, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1000000000u + static_cast<uint64_t>(ts.tv_nsec);
}

// stmts gives a time of clock c: between two reads around the run.
void expect_clock(const std::string& stmts, clockid_t c) {
  uint64_t before = now(c);
  uint64_t ts = run(stmts);
  uint64_t after = now(c);
  EXPECT_LE(before, ts) << stmts;
  EXPECT_LE(ts, after) << stmts;
}

TEST(Builtin, TimestampIsTheMonotonicClockOncePerFiring) {
  SKIP_WITHOUT_BPF();
  expect_clock("trace(timestamp);", CLOCK_MONOTONIC);
  // Read twice in one firing, the same value (the module keeps the first).
  EXPECT_EQ(run("trace((x = timestamp, y = vtimestamp, timestamp - x));"), 0u);
}

TEST(Builtin, WalltimestampIsTheRealTimeClock) {
  SKIP_WITHOUT_BPF();
  expect_clock("trace(walltimestamp);", CLOCK_REALTIME);
}

TEST(Builtin, VtimestampIsTheThreadsTimeOnCpu) {
  SKIP_WITHOUT_BPF();
  uint64_t v = run("trace(vtimestamp);");
  EXPECT_GT(v, 0u);
  EXPECT_LE(v, now(CLOCK_THREAD_CPUTIME_ID));
}

TEST(Builtin, CpuAndCurcpuAreTheOneRunning) {
  SKIP_WITHOUT_BPF();
  cpu_set_t old, one;
  ASSERT_EQ(sched_getaffinity(0, sizeof(old), &old), 0);
  int cpu = sched_getcpu();
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  ASSERT_EQ(sched_setaffinity(0, sizeof(one), &one), 0);
  EXPECT_EQ(run("trace(cpu);"), static_cast<uint64_t>(cpu));
  // curcpu: its cpuinfo_t as the module fills it (sysfs's package and
  // node); sched.d's type, which the tests' compiler does not load: four ints.
  std::string dir = "/sys/devices/system/cpu/cpu" + std::to_string(cpu);
  int64_t chip = 0;
  if (FILE* f = fopen((dir + "/topology/physical_package_id").c_str(), "r")) {
    if (fscanf(f, "%ld", &chip) != 1) chip = 0;
    fclose(f);
  }
  EXPECT_EQ(run("trace(((int *)curcpu)[0]);"), static_cast<uint64_t>(cpu));
  EXPECT_EQ(run("trace((int64_t)((int *)curcpu)[1]);"), static_cast<uint64_t>(-1));
  EXPECT_EQ(run("trace(((int *)curcpu)[2]);"), static_cast<uint64_t>(chip));
  EXPECT_EQ(run("trace(((int *)curcpu)[3]);"), 0u);  // this host and the guests: one node
  sched_setaffinity(0, sizeof(old), &old);
}

TEST(Builtin, PpidIsTheParentsProcess) {
  SKIP_WITHOUT_BPF();
  EXPECT_EQ(run("trace(ppid);"), static_cast<uint64_t>(getppid()));
}

// The real and effective ids told apart: the real ones changed, the
// effective ones kept (root's, which keeps the capabilities bpf() needs).
TEST(Builtin, RealAndEffectiveIds) {
  SKIP_WITHOUT_BPF();
  if (geteuid() != 0) GTEST_SKIP() << "needs root to change its real ids";
  ASSERT_EQ(setresgid(4321, getegid(), -1), 0);
  ASSERT_EQ(setresuid(1234, 0, -1), 0);
  uint64_t v = run("trace((uint64_t)uid << 48 | (uint64_t)gid << 32 | (uint64_t)euid << 16 | egid);");
  ASSERT_EQ(setresuid(0, 0, -1), 0);
  ASSERT_EQ(setresgid(0, 0, -1), 0);
  EXPECT_EQ(v, uint64_t{1234} << 48 | uint64_t{4321} << 32 | 0u);
}

// The process group and session, in the initial pid namespace.
TEST(Builtin, PgidAndSid) {
  SKIP_WITHOUT_BPF();
  EXPECT_EQ(run("trace(pgid);"), static_cast<uint64_t>(getpgrp()));
  EXPECT_EQ(run("trace(sid);"), static_cast<uint64_t>(getsid(0)));
}

TEST(Builtin, Zonename) {
  SKIP_WITHOUT_BPF();
  EXPECT_EQ(run("trace(zonename == \"global\" && strlen(zonename) == 6);"), 1u);
}

// curthread is the task's kernel address; kernel loads read its fields.
TEST(Builtin, CurthreadAndKernelLoads) {
  SKIP_WITHOUT_BPF();
  EXPECT_GE(run("trace((uint64_t)curthread);"), 0xffff800000000000u);
  EXPECT_EQ(run("trace(curthread->tgid);"), static_cast<uint64_t>(getpid()));
  EXPECT_EQ(run("trace(curthread->pid == tid && curthread->real_parent->tgid == ppid);"), 1u);
  EXPECT_EQ(run("trace(((struct task_struct *)curthread)->comm[0] == 'b');"), 1u);  // bpf_tests
}

// A kernel load of a user address faults BADADDR, as the module's does.
TEST(Builtin, KernelLoadOfAUserAddressFaults) {
  SKIP_WITHOUT_BPF();
  static const int64_t word = 42;
  auto addr = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(&word));
  Result<std::vector<Outcome>> r = bpf_runs(compile_clause("trace(*(int64_t *)arg0);"), {{addr}});
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->size(), 1u);
  EXPECT_TRUE(r->front().faulted);
  EXPECT_EQ(r->front().fault, uint64_t{DTRACEFLT_BADADDR});
  EXPECT_EQ(r->front().addr, addr);
}

}  // namespace
}  // namespace dtrace::bpf::testing
