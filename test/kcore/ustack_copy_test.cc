// ustack() with stack bytes (uapi/dtrace/ustack.h): the record's layout,
// the registers and the copy of the stack, and a fault that shortens it.
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>

#include "harness.h"

extern "C" {
#include "dtrace/ustack.h"
}

namespace kcore {
namespace {

constexpr uint64_t kArg = DTRACE_USTACK_ARG(3, 8192, 16);

struct Fired {
  Record rec;
  dtrace_ustack_regs regs{};
  std::vector<uint8_t> stack;
};

// One firing of ustack(3, 16) with 8192 stack bytes, the user stack at sp.
Fired fire_ustack(uint64_t sp) {
  Harness h;
  pb b{};
  add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1, {{DTRACEACT_USTACK, -1, 0, nullptr, kArg}});
  EXPECT_EQ(h.enable(b), 0) << h.res().msg;
  pb_free(&b);
  auto recs = h.recs(1);
  EXPECT_EQ(recs.size(), 1u);
  EXPECT_EQ(recs[0].dtrd_size, DTRACE_USTACK_RECSIZE(kArg));
  dtrace_user_set_uregs(0x401234, sp, 0x7ffe0000);
  EXPECT_EQ(h.go(), 0);
  h.fire();
  dtrace_user_set_uregs(0, 0, 0);
  auto r = h.snap(0);
  Fired f;
  if (r.size() != 1) return f;
  f.rec = r[0];
  size_t off = DTRACE_USTACK_BLOCK_OFF(kArg);
  std::memcpy(&f.regs, f.rec.data.data() + off, sizeof f.regs);
  f.stack.assign(f.rec.data.begin() + static_cast<ptrdiff_t>(off + sizeof f.regs), f.rec.data.end());
  return f;
}

TEST(UstackCopy, LayoutAndArgument) {
  EXPECT_EQ(DTRACE_USTACK_NFRAMES(kArg), 3u);
  EXPECT_EQ(DTRACE_USTACK_BYTES(kArg), 8192u);
  EXPECT_EQ(DTRACE_USTACK_STRSIZE(kArg), 16u);
  EXPECT_EQ(DTRACE_USTACK_BLOCK_OFF(kArg), 8u + 24 + 16);
  EXPECT_EQ(DTRACE_USTACK_RECSIZE(kArg), 48u + 32 + 8192);
  EXPECT_EQ(DTRACE_USTACK_RECSIZE(DTRACE_USTACK_ARG(3, 0, 5)), 8u + 24 + 5);  // as before
}

TEST(UstackCopy, RecordsRegistersAndStack) {
  std::vector<uint64_t> stack(1024);
  for (size_t i = 0; i < stack.size(); i++) stack[i] = 0x5000 + i;
  Fired f = fire_ustack(reinterpret_cast<uint64_t>(stack.data()));
  ASSERT_EQ(f.stack.size(), 8192u);
  EXPECT_EQ(f.rec.u64(0), static_cast<uint64_t>(getpid()));
  EXPECT_EQ(f.rec.u64(8), 0x400000u);  // the frame-pointer frames stay
  EXPECT_EQ(f.regs.dtur_pc, 0x401234u);
  EXPECT_EQ(f.regs.dtur_sp, reinterpret_cast<uint64_t>(stack.data()));
  EXPECT_EQ(f.regs.dtur_fp, 0x7ffe0000u);
  EXPECT_EQ(f.regs.dtur_flags, uint32_t{DTRACE_USTACK_VALID});
  EXPECT_EQ(f.regs.dtur_len, 8192u);
  EXPECT_EQ(std::memcmp(f.stack.data(), stack.data(), 8192), 0);
}

TEST(UstackCopy, FaultShortensTheCopyAtAPage) {
  long pg = sysconf(_SC_PAGESIZE);
  auto* m = static_cast<uint8_t*>(
      mmap(nullptr, 3 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  ASSERT_NE(m, MAP_FAILED);
  std::memset(m, 0xab, 3 * pg);
  ASSERT_EQ(munmap(m + 2 * pg, pg), 0);  // the third page is gone
  Fired f = fire_ustack(reinterpret_cast<uint64_t>(m + pg + 256));
  EXPECT_EQ(f.regs.dtur_len, pg - 256);
  EXPECT_EQ(f.stack[0], 0xab);
  EXPECT_EQ(f.stack[pg - 256], 0);  // the rest stays zero
  ASSERT_EQ(dtrace_user_fault_add(reinterpret_cast<uintptr_t>(m + pg), 1), 0);
  f = fire_ustack(reinterpret_cast<uint64_t>(m + 512));
  dtrace_user_fault_clear();
  EXPECT_EQ(f.regs.dtur_len, pg - 512);  // a faulting page ends it too
  munmap(m, 2 * pg);
}

TEST(UstackCopy, NoUserContextLeavesTheBlockEmpty) {
  Fired f = fire_ustack(0);
  EXPECT_EQ(f.regs.dtur_flags, 0u);
  EXPECT_EQ(f.regs.dtur_len, 0u);
}

TEST(UstackCopy, TooManyBytesRefused) {
  Harness h;
  pb b{};
  add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1,
             {{DTRACEACT_USTACK, -1, 0, nullptr, DTRACE_USTACK_ARG(3, DTRACE_MAX_USTACKBYTES + 8, 0)}});
  EXPECT_NE(h.enable(b), 0);
  pb_free(&b);
}

}  // namespace
}  // namespace kcore
