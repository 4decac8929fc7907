// Built-in variables whose values the interpreter's userspace build
// cannot give as the kernel does (clocks, the CPU, the task's kernel
// address and its kernel memory): the translated program alone, run in
// this task, checked against what this task sees of itself.
#include <sched.h>
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

TEST(Builtin, CpuIsTheOneRunning) {
  SKIP_WITHOUT_BPF();
  cpu_set_t old, one;
  ASSERT_EQ(sched_getaffinity(0, sizeof(old), &old), 0);
  int cpu = sched_getcpu();
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  ASSERT_EQ(sched_setaffinity(0, sizeof(one), &one), 0);
  EXPECT_EQ(run("trace(cpu);"), static_cast<uint64_t>(cpu));
  sched_setaffinity(0, sizeof(old), &old);
}

TEST(Builtin, PpidIsTheParentsProcess) {
  SKIP_WITHOUT_BPF();
  EXPECT_EQ(run("trace(ppid);"), static_cast<uint64_t>(getppid()));
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
