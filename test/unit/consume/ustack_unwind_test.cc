// The consumer's unwinding of a ustack() record (consume/ustack_record,
// ustack_unwind): a chain of this test's own functions, built without
// frame pointers, is captured as the module captures it (the registers
// and a copy of the stack from sp up) and must unwind to every caller.
#include <gtest/gtest.h>
#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "consume/ustack_record.h"
#include "consume/ustack_unwind.h"
#include "consume/usyms.h"

extern "C" {
#include "dtrace/ustack.h"
}

constexpr uint32_t kBytes = 8192;
constexpr uint64_t kArg = DTRACE_USTACK_ARG(4, kBytes, 0);  // capture, leaf, mid, top

// A ustack(4) record with kBytes of stack, filled where it is called (C
// names below: symbols the test can look for).
struct Captured {
  std::vector<uint8_t> rec = std::vector<uint8_t>(DTRACE_USTACK_RECSIZE(kArg));
};

uint64_t stack_top() {
  pthread_attr_t a;
  void* base = nullptr;
  size_t size = 0;
  if (pthread_getattr_np(pthread_self(), &a) == 0) {
    pthread_attr_getstack(&a, &base, &size);
    pthread_attr_destroy(&a);
  }
  return reinterpret_cast<uint64_t>(base) + size;
}

#define NOFP __attribute__((noinline, optimize("omit-frame-pointer", "no-optimize-sibling-calls")))

extern "C" NOFP void ustest_capture(Captured& c) {
  dtrace_ustack_regs r{};
  uint64_t pc, sp;
  asm volatile("lea 0(%%rip), %0\n\tmov %%rsp, %1" : "=r"(pc), "=r"(sp));
  r.dtur_pc = pc;
  r.dtur_sp = sp;
  r.dtur_fp = 0;  // no frame pointer to follow: only CFI gets further
  r.dtur_len = static_cast<uint32_t>(std::min<uint64_t>(kBytes, stack_top() - sp));  // as a fault ends it
  r.dtur_flags = DTRACE_USTACK_VALID;
  uint64_t pid = static_cast<uint64_t>(getpid());
  std::memcpy(c.rec.data(), &pid, 8);
  size_t off = DTRACE_USTACK_BLOCK_OFF(kArg);
  std::memcpy(c.rec.data() + off, &r, sizeof r);
  std::memcpy(c.rec.data() + off + sizeof r, reinterpret_cast<const void*>(sp), r.dtur_len);
}

extern "C" NOFP int ustest_leaf(Captured& c) {
  ustest_capture(c);
  return static_cast<int>(c.rec[0]) + 1;
}
extern "C" NOFP int ustest_mid(Captured& c) { return ustest_leaf(c) + 2; }
extern "C" NOFP int ustest_top(Captured& c) { return ustest_mid(c) + 3; }

namespace dtrace::consume {
namespace {

TEST(UstackUnwind, FollowsCallFrameInformationWithoutFramePointers) {
  Captured c;
  ASSERT_GT(ustest_top(c), 0);
  UserSymbols syms;
  std::string text = format_ustack_record(&syms, c.rec, kArg, 2, true);
  size_t leaf = text.find("`ustest_leaf+"), mid = text.find("`ustest_mid+"), top = text.find("`ustest_top+");
  ASSERT_NE(leaf, std::string::npos) << text;
  ASSERT_NE(mid, std::string::npos) << text;
  ASSERT_NE(top, std::string::npos) << text;
  EXPECT_LT(leaf, mid);
  EXPECT_LT(mid, top);
  EXPECT_NE(text.find("`ustest_capture+"), std::string::npos) << text;  // the pc itself
}

TEST(UstackUnwind, AggregationKeyBecomesTheChain) {
  Captured c1, c2;
  ustest_top(c1);  // the callers of top differ: ustack(4) stops before them
  ustest_top(c2);
  size_t off = DTRACE_USTACK_BLOCK_OFF(kArg);
  c2.rec[off + sizeof(dtrace_ustack_regs) + kBytes - 8] ^= 0xff;  // other bytes, same chain
  UserSymbols syms;
  canonicalize_ustack_key(&syms, c1.rec, kArg);
  canonicalize_ustack_key(&syms, c2.rec, kArg);
  EXPECT_EQ(c1.rec, c2.rec);
  std::vector<uint64_t> frames =
      ustack_record_frames(&syms, c1.rec, kArg);  // the frames are the record's now
  EXPECT_EQ(frames.size(), 4u);
  EXPECT_EQ(static_cast<size_t>(std::count(c1.rec.begin() + static_cast<ptrdiff_t>(off), c1.rec.end(), 0)),
            c1.rec.size() - off);
}

TEST(UstackUnwind, WithoutStackBytesTheFramePointerFramesStay) {
  uint64_t arg = DTRACE_USTACK_ARG(3, 0, 0);
  std::vector<uint64_t> rec = {static_cast<uint64_t>(getpid()), 0x1000, 0x2000, 0};
  std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(rec.data()), rec.size() * 8);
  UserSymbols syms;
  EXPECT_EQ(ustack_record_frames(&syms, bytes, arg), (std::vector<uint64_t>{0x1000, 0x2000}));
  EXPECT_TRUE(syms.unwinder().unwind(getpid(), {}, {}, 0).empty());
}

}  // namespace
}  // namespace dtrace::consume
