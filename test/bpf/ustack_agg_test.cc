// ustack() as an aggregation key under the bpf device keeps its
// unwinding block (doc/bpf.md, "Stacks"), as the module's key does:
// this process calls getppid() under a probe that both records
// ustack(1) and aggregates by it, from one call site with different
// bytes on its stack (the frame-pointer frames the same), twice each.
// Every entry's key must be, byte for byte, a block the records hold,
// counted as often as they hold it: keys that differ only in their
// stack bytes are not merged, equal ones are.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "bpf/agg_prog.h"
#include "bpf/device.h"
#include "bpf/load.h"
#include "kio/device.h"
#include "prog/encode.h"
#include "test/unit/cc/compile_util.h"

extern "C" {
#include "dtrace/limits.h"
#include "dtrace/ustack.h"
}

namespace dtrace::bpf::testing {
namespace {

using Counts = std::map<std::vector<uint8_t>, uint64_t>;

// More than the 8 KiB of stack the block copies: the bytes past the
// return address into this function are the buffer's alone.
constexpr size_t kFill = 9000 / 8;

__attribute__((noinline)) void call_with(uint64_t v) {
  volatile uint64_t buf[kFill];
  for (size_t i = 0; i < kFill; i++) buf[i] = v;
  getppid();
  asm volatile("" : : "r"(buf) : "memory");
}

// Straight-line calls: the same registers and stack depth each time
// (the last not a tail call, which would be without this frame).
__attribute__((noinline)) void fire_all() {
  call_with(1);
  call_with(2);
  call_with(3);
  call_with(1);
  call_with(2);
  call_with(3);
  asm volatile("" : : : "memory");
}

struct Seen {
  Counts records, keys;
};

Result<Seen> run(const std::vector<uint8_t>& blob, size_t recsize) {
  auto dev = open_bpf_device();
  if (!dev) return dev.error();
  kio::EnableFailure why;
  if (auto r = (*dev)->enable(blob, &why); !r) return r.error();
  if (auto r = (*dev)->go(); !r) return r.error();
  fire_all();
  if (auto r = (*dev)->stop(); !r) return r.error();
  auto conf = (*dev)->conf();
  if (!conf) return conf.error();
  Seen s;
  for (uint32_t cpu = 0; cpu < std::max(conf->dtc_maxcpu, 1u); cpu++) {
    auto buf = (*dev)->bufsnap(cpu);
    if (!buf) return buf.error();
    // Records: a 16-byte header, then the ECB's ustack() record.
    for (size_t p = 0; p + 16 + recsize <= buf->data.size(); p += 16 + ((recsize + 7) & ~size_t{7}))
      s.records[std::vector<uint8_t>(buf->data.begin() + static_cast<ptrdiff_t>(p + 16),
                                     buf->data.begin() + static_cast<ptrdiff_t>(p + 16 + recsize))]++;
    auto agg = (*dev)->aggsnap(cpu);
    if (!agg) return agg.error();
    // Entries: struct dtrace_aggent, the key (the record), the count.
    for (size_t p = 0; p + sizeof(dtrace_aggent) <= agg->data.size();) {
      dtrace_aggent e;
      std::memcpy(&e, agg->data.data() + p, sizeof e);
      if (e.dtae_size < sizeof e + recsize + 8 || p + e.dtae_size > agg->data.size())
        return make_error("an entry of " + std::to_string(e.dtae_size) + " bytes");
      const uint8_t* key = agg->data.data() + p + sizeof e;
      uint64_t n;
      std::memcpy(&n, agg->data.data() + p + e.dtae_size - 8, 8);
      s.keys[std::vector<uint8_t>(key, key + recsize)] += n;
      p += (e.dtae_size + 7) & ~size_t{7};
    }
  }
  return s;
}

TEST(UstackKey, KeepsItsBlockAsTheRecordsDo) {
  std::string why = bpf_unavailable();
  if (!why.empty()) GTEST_SKIP() << why << "; bpf tests skipped";
  const std::string src = "syscall::getppid:entry /pid == " + std::to_string(getpid()) +
                          "/ { ustack(1); @[ustack(1)] = count(); }";
  cc::Program p = cc::testing::compile_ok(src);
  const uint64_t arg = DTRACE_USTACK_ARG(1, DTRACE_DEFAULT_USTACKBYTES, 0);
  auto s = run(prog::encode(p, {}, 0), DTRACE_USTACK_RECSIZE(arg));
  ASSERT_TRUE(s.ok()) << s.error().message;
  // Three stacks, each twice, every one with its block.
  ASSERT_EQ(s->records.size(), 3u);
  for (const auto& [rec, n] : s->records) {
    dtrace_ustack_regs r;
    std::memcpy(&r, rec.data() + DTRACE_USTACK_BLOCK_OFF(arg), sizeof r);
    EXPECT_EQ(r.dtur_flags & DTRACE_USTACK_VALID, uint32_t{DTRACE_USTACK_VALID});
    EXPECT_EQ(r.dtur_len, DTRACE_DEFAULT_USTACKBYTES);
    EXPECT_EQ(n, 2u);
  }
  EXPECT_EQ(s->keys, s->records);
}

// The map's key holds a 16-byte digest in place of each key's stack
// bytes; two keys of 20 KiB of them pass the staging element (32 KiB),
// which is refused, one is not.
TEST(UstackKey, StackBytesPastTheStagingElementAreRefused) {
  const uint64_t arg = DTRACE_USTACK_ARG(2, 20480, 0);
  const auto size = static_cast<uint32_t>(DTRACE_USTACK_RECSIZE(arg));
  AggCode a;
  for (uint32_t i = 0; i < 2; i++) {
    dtbpf_action k{};
    k.rec = DTBPF_REC_USTACK;
    k.arg = arg;
    k.size = size;
    k.offset = i * size;
    a.keys.push_back(k);
  }
  a.agg.keylen = 2 * size;
  EXPECT_EQ(map_keylen(a), 2 * (size - 20480 + kUstackDigest));
  EXPECT_EQ(agg_unsupported(a, true), "aggregation keys of 40960 bytes of user stack");
  a.keys.pop_back();
  a.agg.keylen = size;
  EXPECT_EQ(map_keylen(a), 8 + 16 + 32 + kUstackDigest);
  EXPECT_EQ(agg_unsupported(a, true), "");
}

}  // namespace
}  // namespace dtrace::bpf::testing
