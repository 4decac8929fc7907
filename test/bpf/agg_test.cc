// Aggregations under the bpf device against the module's own code: one D
// program enabled on kernel/core in process (the module's ioctl layer,
// kernel/user/inproc.h, whose GO fires BEGIN through the interpreter)
// and on the bpf device (BEGIN a translated program); every aggregating
// action folds one edge value, and the two AGGSNAPs must hold the same
// entries, byte for byte: layout, key records, buckets and sums.
#include <gtest/gtest.h>
#include <sched.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "bpf/device.h"
#include "bpf/load.h"
#include "core_device.h"
#include "kio/device.h"
#include "prog/encode.h"
#include "test/unit/cc/compile_util.h"

namespace dtrace::bpf::testing {
namespace {

using Entries = std::vector<std::vector<uint8_t>>;

// The entries of every CPU's AGGSNAP, and the aggregation drops.
struct Snap {
  Entries entries;
  uint64_t drops = 0;
};

// An AGGSNAP buffer's entries (struct dtrace_aggent and what follows),
// sorted: the bpf device hands them over in its maps' order.
void add_entries(const std::vector<uint8_t>& buf, Entries& out) {
  size_t p = 0;
  while (p + sizeof(dtrace_aggent) <= buf.size()) {
    dtrace_aggent e;
    std::memcpy(&e, buf.data() + p, sizeof e);
    ASSERT_GE(e.dtae_size, sizeof e);
    ASSERT_LE(e.dtae_size, buf.size() - p);
    out.emplace_back(buf.begin() + static_cast<ptrdiff_t>(p),
                     buf.begin() + static_cast<ptrdiff_t>(p + e.dtae_size));
    p += (e.dtae_size + 7) & ~size_t{7};
  }
}

Result<Snap> run(kio::Device& dev, const std::vector<uint8_t>& blob) {
  kio::EnableFailure why;
  if (auto r = dev.enable(blob, &why); !r) return r.error();
  if (auto r = dev.go(); !r) return r.error();
  if (auto r = dev.stop(); !r) return r.error();
  auto conf = dev.conf();
  if (!conf) return conf.error();
  Snap out;
  for (uint32_t cpu = 0; cpu < std::max(conf->dtc_maxcpu, 1u); cpu++) {
    auto s = dev.aggsnap(cpu);
    if (!s) return s.error();
    add_entries(s->data, out.entries);
    out.drops += s->drops;
  }
  std::sort(out.entries.begin(), out.entries.end());
  return out;
}

// The values every action folds: zero, ones, the bucket edges and the
// extremes (INT64_MIN's square needs all 128 bits).
const char* const kValues[] = {"0",
                               "1",
                               "-1",
                               "2",
                               "3",
                               "-3",
                               "7",
                               "8",
                               "9",
                               "99",
                               "100",
                               "1000",
                               "-1000",
                               "1 << 40",
                               "-(1 << 40)",
                               "1 << 62",
                               "-(1 << 62)",
                               "0x7fffffffffffffff",
                               "0x8000000000000000",
                               "0x8000000000000001",
                               "123456789012",
                               "-987654321"};

// Runs "BEGIN { @a = F(v); ... }" (agg % v for each value) both ways,
// with this aggsize option unless 0 (then dtrace's 4m).
void expect_same_aggs(const std::string& agg, uint64_t aggsize = 0) {
  SCOPED_TRACE(agg);
  std::string src = "BEGIN {";
  for (const char* v : kValues) {
    std::string a = agg;
    for (size_t at; (at = a.find('%')) != std::string::npos;) a.replace(at, 1, std::string("(") + v + ")");
    src += " " + a + ";";
  }
  src += " }";
  cc::Program p = cc::testing::compile_ok(src);
  std::vector<dtrace_prog_option> opts;
  if (aggsize != 0) opts.push_back({DTRACEOPT_AGGSIZE, 0, aggsize});
  std::vector<uint8_t> blob = prog::encode(p, opts, 0);
  auto [core, bpf] =
      run_both(blob, [](kio::Device& dev, const std::vector<uint8_t>& b) { return run(dev, b); });
  ASSERT_TRUE(core.ok()) << core.error().message;
  ASSERT_TRUE(bpf.ok()) << bpf.error().message;
  if (aggsize == 0) {
    ASSERT_EQ(core->entries.size(), std::size(kValues));
  } else {
    EXPECT_GT(core->drops, 0u);
  }
  EXPECT_EQ(core->entries, bpf->entries);
  EXPECT_EQ(core->drops, bpf->drops);
}

// One CPU, so that each key has one entry on both sides.
void pin_cpu() {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(sched_getcpu(), &set);
  sched_setaffinity(0, sizeof set, &set);
}

class Aggs : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override { pin_cpu(); }
};

TEST_P(Aggs, SameSnapshotAsKernelCore) {
  std::string why = bpf_unavailable();
  if (!why.empty()) GTEST_SKIP() << why << "; bpf tests skipped";
  expect_same_aggs(GetParam());
}

INSTANTIATE_TEST_SUITE_P(Scalar, Aggs,
                         ::testing::Values("@c = count()", "@s = sum(%)", "@n = min(%)", "@x = max(%)",
                                           "@a = avg(%)", "@d = stddev(%)"));

INSTANTIATE_TEST_SUITE_P(Keyed, Aggs,
                         ::testing::Values("@c[%] = count()", "@s[(char)%, (short)%] = sum(%)",
                                           "@n[(int)%, 7, %] = min(% * 3)", "@q[(uint8_t)%] = quantize(%)"));

// String keys: constants (shorter and longer than a word, and past
// strsize) and execname (the test process's, on both sides).
INSTANTIATE_TEST_SUITE_P(Strings, Aggs,
                         ::testing::Values("@c[\"abc\", %] = count()", "@s[execname, %] = sum(%)",
                                           "@q[%, \"a key of more than eight bytes\"] = quantize(%)",
                                           "@t[% > 0 ? \"positive\" : \"not\", (short)%] = max(%)"));

// Aggregations whose DIFOs the probe's program computes straight into a
// key on its stack (agg_key.h), and string keys in a short key of 16
// bytes or the whole (agg_prog.h), against kernel/core's whole keys:
// names and constants that fit 16 bytes with their NUL or not, the same
// aggregation both ways, through the frame (a predicate) and without,
// and strsize below and just above 16.
class DirectKeys : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override { pin_cpu(); }
};

TEST_P(DirectKeys, SameSnapshotAsKernelCore) {
  std::string why = bpf_unavailable();
  if (!why.empty()) GTEST_SKIP() << why << "; bpf tests skipped";
  SCOPED_TRACE(GetParam());
  cc::Program p = cc::testing::compile_ok(GetParam());
  std::vector<uint8_t> blob = prog::encode(p, {}, 0);
  auto [core, bpf] =
      run_both(blob, [](kio::Device& dev, const std::vector<uint8_t>& b) { return run(dev, b); });
  ASSERT_TRUE(core.ok()) << core.error().message;
  ASSERT_TRUE(bpf.ok()) << bpf.error().message;
  EXPECT_GE(core->entries.size(), 3u);
  EXPECT_EQ(core->entries, bpf->entries);
  EXPECT_EQ(core->drops, bpf->drops);
}

INSTANTIATE_TEST_SUITE_P(
    Keys, DirectKeys,
    ::testing::Values(
        "BEGIN { @a[execname] = count(); @b[probename] = sum(7); @c[probeprov, probename] = max(arg0); }",
        "BEGIN { @c[\"fifteen bytes!!\"] = count(); @c[\"sixteen bytes!!!\"] = count(); @c[\"\"] = count(); "
        "}",
        "BEGIN /1/ { @c[execname] = count(); @c[\"sixteen bytes!!!\"] = count(); @c[\"x\"] = count(); }",
        "BEGIN { @c[\"fifteen bytes!!\"] = count(); @c[execname] = count(); @d[probefunc] = sum(3); }",
        "BEGIN { @a[pid, tid, uid, gid] = count(); @b[arg0, arg1] = sum(arg2); @c[3, 0x123456789] = count(); "
        "}",
        "#pragma D option strsize=12\nBEGIN { @a[execname] = count(); @b[\"a long string\"] = count(); "
        "@b[\"short\"] = count(); @c[probename] = count(); }",
        "#pragma D option strsize=20\nBEGIN { @a[execname] = count(); @b[\"nineteen bytes long\"] = count(); "
        "@b[\"short\"] = count(); @b[\"fifteen bytes!!\"] = count(); }",
        "#pragma D option strsize=20\nBEGIN /1/ { @b[\"nineteen bytes long\"] = count(); "
        "@b[\"short\"] = count(); @b[\"sixteen bytes!!!\"] = count(); }"));

INSTANTIATE_TEST_SUITE_P(
    Histograms, Aggs,
    ::testing::Values("@q = quantize(%)", "@q = quantize(%, 3)", "@q = quantize(%, %)",
                      "@l = lquantize(%, 0, 100, 10)", "@l = lquantize(%, -1000, 1000, 7)",
                      "@l = lquantize(%, 5, 6, 1, -2)", "@ll = llquantize(%, 10, 0, 6, 20)",
                      "@ll = llquantize(%, 4, 1, 20, 2)", "@ll = llquantize(%, 2, 0, 61, 2)",
                      "@ll = llquantize(%, 10, 0, 17, 100)", "@ll = llquantize(%, 10, 2, 8, 10, 5)"));

}  // namespace
}  // namespace dtrace::bpf::testing

namespace dtrace::bpf::testing {
namespace {

// What does not fit a CPU's aggsize bytes of entries (8 + key + value
// each) is dropped, and counted, as the module's full buffer is: 240
// bytes hold 10 entries of count() by an integer, 3000 two of quantize(),
// 8 none (sum(), and count() alone, whose key the program builds on its
// stack without the scratch element).
struct Small {
  const char* agg;
  uint64_t aggsize;
};

class AggsizeDrops : public ::testing::TestWithParam<Small> {
 protected:
  void SetUp() override { pin_cpu(); }
};

TEST_P(AggsizeDrops, SameEntriesAndDropsAsKernelCore) {
  std::string why = bpf_unavailable();
  if (!why.empty()) GTEST_SKIP() << why << "; bpf tests skipped";
  expect_same_aggs(GetParam().agg, GetParam().aggsize);
}

INSTANTIATE_TEST_SUITE_P(
    Small, AggsizeDrops,
    ::testing::Values(Small{"@c[%] = count()", 240}, Small{"@q[%] = quantize(%)", 3000},
                      Small{"@s = sum(%)", 8}, Small{"@c = count()", 8},
                      Small{"@c[% > 0 ? \"positive\" : \"sixteen bytes!!!\"] = count()", 300},
                      Small{"@c[% > 0 ? \"sixteen bytes!!!\" : \"positive\"] = count()", 300}));

}  // namespace
}  // namespace dtrace::bpf::testing
