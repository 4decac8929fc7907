// copyout() and copyoutstr() (translate_user.cc) against kernel/core:
// each statement writes into this process's memory (the module's
// userspace build writes there too, with process_vm_writev(); a
// BPF_PROG_TYPE_SYSCALL test run is this process's system call), from
// a buffer of 'A's whose next page is unmapped; the outcomes and the
// bytes written must agree. Where the kernel refuses
// bpf_probe_write_user (kernel lockdown, integrity) they skip, saying so.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "compare.h"

namespace dtrace::bpf::testing {
namespace {

constexpr size_t kPage = 4096;

// Two pages, the second unmapped: end() is the first unmapped byte.
class Victim {
 public:
  Victim() {
    void* p = mmap(nullptr, 2 * kPage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    base_ = static_cast<uint8_t*>(p);
    munmap(base_ + kPage, kPage);
  }
  ~Victim() { munmap(base_, kPage); }
  void fill() { std::memset(base_, 'A', kPage); }
  uint64_t end() const { return reinterpret_cast<uint64_t>(base_ + kPage); }
  std::string bytes() const { return std::string(reinterpret_cast<const char*>(base_), kPage); }

 private:
  uint8_t* base_;
};

const std::string kLong =
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvwxyz-"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvwxyz+";

struct Case {
  std::string stmt;  // arg0: where, arg1: a size
  uint64_t back;     // arg0 = the victim's end - back
  uint64_t size;
};

void run_case(Victim& v, const Case& c) {
  SCOPED_TRACE(c.stmt + " at end - " + std::to_string(c.back) + ", size " + std::to_string(c.size));
  cc::Difo d = compile_clause("trace((" + c.stmt + ", 1));");
  std::vector<Args> firing = {{v.end() - c.back, c.size}};
  v.fill();
  std::vector<Outcome> core = core_runs(d, firing, {{DTRACEOPT_DESTRUCTIVE, 1}});
  std::string core_bytes = v.bytes();
  v.fill();
  Result<std::vector<Outcome>> bpf = bpf_runs(d, firing);
  if (!bpf.ok() && bpf.error().message.find("bpf_probe_write_user") != std::string::npos)
    GTEST_SKIP() << "this kernel refuses bpf_probe_write_user (lockdown)";
  ASSERT_TRUE(bpf.ok()) << bpf.error().message;
  ASSERT_EQ(core.size(), 1u);
  ASSERT_EQ(bpf->size(), 1u);
  EXPECT_EQ(core[0], (*bpf)[0]) << "kernel/core " << show(core[0]) << ", bpf " << show((*bpf)[0]);
  EXPECT_EQ(core_bytes, v.bytes());
}

TEST(Copyout, AgreesWithKernelCore) {
  SKIP_WITHOUT_BPF();
  Victim v;
  std::vector<Case> cases;
  for (uint64_t n : {0, 1, 2, 3, 4, 5, 9}) {
    cases.push_back({"copyoutstr(\"JKL\", arg0, arg1)", 100, n});
    cases.push_back({"copyoutstr(\"\", arg0, arg1)", 100, n});
  }
  for (uint64_t n : {0, 1, 63, 64, 65, 128, 129, 199}) {
    cases.push_back({"copyout(\"" + kLong + "\", arg0, arg1)", 1000, n});
    cases.push_back({"copyoutstr(\"" + kLong + "\", arg0, arg1)", 1000, n});
  }
  cases.push_back({"copyout(\"" + kLong + "\", arg0, arg1)", 100, 150});    // the second chunk crosses
  cases.push_back({"copyout(\"" + kLong + "\", arg0, arg1)", 30, 100});     // the first
  cases.push_back({"copyoutstr(\"" + kLong + "\", arg0, arg1)", 70, 150});  // the second
  cases.push_back({"copyoutstr(\"JKL\", arg0, arg1)", 3, 9});               // its NUL
  cases.push_back({"copyoutstr(\"JKL\", arg0, arg1)", 3, 3});               // no NUL: fits
  cases.push_back({"copyout(\"x\", arg0, arg1)", 0, 1});                    // unmapped
  cases.push_back({"copyout(\"x\", arg0, arg1)", 100, 65537});              // BADSIZE
  cases.push_back({"copyout((void *)8, arg0, arg1)", 100, 8});              // an unreadable source
  cases.push_back({"copyoutstr((char *)8, arg0, arg1)", 100, 0});           // read before size 0
  cases.push_back({"copyout(alloca(arg1), arg0, arg1)", 300, 200});         // scratch
  for (const Case& c : cases) {
    run_case(v, c);
    if (::testing::Test::IsSkipped()) return;
  }
}

// A kernel address: UPRIV at it, as the module's port (the userspace
// build has no such addresses: its write fails as an unmapped one's).
TEST(Copyout, KernelAddressUpriv) {
  SKIP_WITHOUT_BPF();
  cc::Difo d = compile_clause("trace((copyout(\"xy\", arg0, arg1), 1));");
  uint64_t kernel = 0xffff888000000000ull;
  uint64_t top = (uint64_t{1} << 47) - 4096;
  Result<std::vector<Outcome>> bpf = bpf_runs(d, {{kernel, 2}, {top - 1, 2}, {top, 1}});
  if (!bpf.ok() && bpf.error().message.find("bpf_probe_write_user") != std::string::npos)
    GTEST_SKIP() << "this kernel refuses bpf_probe_write_user (lockdown)";
  ASSERT_TRUE(bpf.ok()) << bpf.error().message;
  ASSERT_EQ(bpf->size(), 3u);
  for (size_t i = 0; i < 3; i++) {
    EXPECT_TRUE((*bpf)[i].faulted) << i;
    EXPECT_EQ((*bpf)[i].fault, uint64_t{DTRACEFLT_UPRIV}) << i;
  }
  EXPECT_EQ((*bpf)[0].addr, kernel);
  EXPECT_EQ((*bpf)[1].addr, top - 1);
  EXPECT_EQ((*bpf)[2].addr, top);
}

// copyinargs(): argv-like bytes of this process (strings back to back)
// joined with spaces, trailing NULs dropped, at most strsize - 1 bytes;
// BADADDR at an unreadable address, none for 0 bytes. The result as the
// index of its text among the expected ones and its length.
TEST(Copyinargs, AgreesWithKernelCore) {
  SKIP_WITHOUT_BPF();
  static const char kArgv[] = "ab\0cd\0\0e\0\0\0";
  static std::string longer(300, 'x');
  uint64_t a = reinterpret_cast<uint64_t>(kArgv);
  uint64_t l = reinterpret_cast<uint64_t>(longer.data());
  std::vector<std::string> texts = {"", "a", "ab", "ab cd", "ab cd  e", "ab c", "cd", "b cd  e"};
  std::string which = "0";
  for (size_t i = 0; i < texts.size(); i++)
    which += " + (this->s == \"" + texts[i] + "\") * " + std::to_string(i + 1);
  std::vector<Args> firings;
  for (uint64_t n : {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}) firings.push_back({a, n});
  firings.push_back({a + 1, 11});
  firings.push_back({l, 300});  // strsize - 1 bytes
  firings.push_back({l, 255});
  firings.push_back({l, uint64_t{0} - 1});
  firings.push_back({8, 4});  // unreadable
  firings.push_back({8, 0});  // nothing read
  expect_same("trace((this->s = copyinargs(arg0, arg1), strlen(this->s) * 1000 + (" + which + ")));",
              firings);
}

// progenyof(): this process, its parent and init are its ancestors
// (the userspace build's port knows only those), a pid that is none
// is not; the walk up real_parent, through the kernel's tasks.
TEST(Progenyof, AgreesWithKernelCore) {
  SKIP_WITHOUT_BPF();
  expect_same("trace(progenyof(arg0) * 10 + progenyof(arg1));",
              {{static_cast<uint64_t>(getpid()), static_cast<uint64_t>(getppid())},
               {1, 4194305},
               {uint64_t{0} - 1, static_cast<uint64_t>(getpid())}});
}

// uregs[]: an index past pt_regs and the five words after it, or past
// 32 bits, faults BADINDEX at it in both (the userspace build's port has
// only pt_regs' 21 words, each 1000 + its index).
TEST(Uregs, IndexFaultsAgreeWithKernelCore) {
  SKIP_WITHOUT_BPF();
  expect_same("trace(uregs[arg0]);", {{26}, {1000}, {uint64_t{1} << 32}, {uint64_t{0} - 1}});
}

#if defined(__x86_64__)
// This process's own registers at its bpf() system call (a test run's
// context): user CS 0x33 and SS 0x2b, R_DS .. R_TRAPNO read.
TEST(Uregs, ThisProcessesRegisters) {
  SKIP_WITHOUT_BPF();
  cc::Difo d = compile_clause("trace(uregs[arg0]);");
  Result<std::vector<Outcome>> bpf = bpf_runs(d, {{17}, {20}, {21}, {25}});
  ASSERT_TRUE(bpf.ok()) << bpf.error().message;
  ASSERT_EQ(bpf->size(), 4u);
  uint64_t v[4] = {};
  for (size_t i = 0; i < 4; i++) {
    ASSERT_FALSE((*bpf)[i].faulted) << show((*bpf)[i]);
    std::memcpy(&v[i], (*bpf)[i].value.data(), 8);
  }
  EXPECT_EQ(v[0], 0x33u);
  EXPECT_EQ(v[1], 0x2bu);
}
#endif

}  // namespace
}  // namespace dtrace::bpf::testing
