// Speculations under the bpf device against the module's own code: one
// D program enabled on kernel/core in process (the module's ioctl layer,
// whose GO fires BEGIN through the interpreter, as agg_test.cc) and on
// the bpf device (spec.h), and the principal data of both must hold the
// same records in the same order (EPID and payload; the timestamps are
// each one's), with the same speculative drops, failed speculations
// and errors in STATUS.
#include <gtest/gtest.h>
#include <sched.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "bpf/device.h"
#include "bpf/load.h"
#include "core_device.h"
#include "record_run.h"
#include "kio/device.h"
#include "prog/encode.h"
#include "test/unit/cc/compile_util.h"

namespace dtrace::bpf::testing {
namespace {

struct Case {
  const char* name;
  const char* src;
  uint64_t nspec, specsize;
  size_t records;   // what the module records (so that the test sees it)
  uint64_t failed;  // and its speculative drops and failed speculations
};

class Spec : public ::testing::TestWithParam<Case> {};

TEST_P(Spec, SameRecordsAsKernelCore) {
  std::string why = bpf_unavailable();
  if (!why.empty()) GTEST_SKIP() << why << "; bpf tests skipped";
  cpu_set_t set;  // one CPU, as the module's speculations are per CPU
  CPU_ZERO(&set);
  CPU_SET(sched_getcpu(), &set);
  sched_setaffinity(0, sizeof set, &set);
  const Case& c = GetParam();
  cc::Program p = cc::testing::compile_ok(c.src);
  std::vector<dtrace_prog_option> opts = {{DTRACEOPT_NSPEC, 0, c.nspec}, {DTRACEOPT_SPECSIZE, 0, c.specsize}};
  std::vector<uint8_t> blob = prog::encode(p, opts, 0);
  auto [core, bpf] =
      run_both(blob, [](kio::Device& dev, const std::vector<uint8_t>& b) { return run_records(dev, b); });
  ASSERT_TRUE(core.ok()) << core.error().message;
  ASSERT_TRUE(bpf.ok()) << bpf.error().message;
  EXPECT_EQ(core->records.size(), c.records);
  EXPECT_EQ(core->specdrops + core->unavail, c.failed);
  EXPECT_EQ(core->records, bpf->records);
  EXPECT_EQ(core->specdrops, bpf->specdrops);
  EXPECT_EQ(core->unavail, bpf->unavail);
  EXPECT_EQ(core->busy, bpf->busy);
  EXPECT_EQ(core->errors, bpf->errors);
}

INSTANTIATE_TEST_SUITE_P(
    Speculations, Spec,
    ::testing::Values(
        // Committed after a record of the principal buffer: the ids'
        // records follow it, in their order; a second commit() of the
        // id (INACTIVE again) does nothing.
        Case{"commit",
             "BEGIN { s = speculation(); trace(s); } BEGIN { speculate(s); trace(1); trace(2); }"
             "BEGIN { speculate(s); trace(3); } BEGIN { trace(4); } BEGIN { commit(s); }"
             "BEGIN { commit(s); } BEGIN { trace(5); }",
             1, 4096, 7, 0},
        // Discarded: gone; the id free again at once, a new generation.
        Case{"discard",
             "BEGIN { s = speculation(); } BEGIN { speculate(s); trace(1); } BEGIN { discard(s); }"
             "BEGIN { speculate(s); trace(2); } BEGIN { t = speculation(); trace(t); }"
             "BEGIN { speculate(t); trace(3); } BEGIN { commit(t); }",
             1, 4096, 5, 0},
        // nspec ids, then none: 0, counted as unavailable; the ids
        // taken in order.
        Case{
            "unavail",
            "BEGIN { a = speculation(); b = speculation(); c = speculation(); trace(a); trace(b); trace(c); }"
            "BEGIN { commit(b); } BEGIN { trace(speculation()); trace(speculation()); }",
            2, 4096, 3, 2},
        // specsize 64: a record of 16 + 48 bytes fits exactly, the next
        // is dropped with its clause (the later statement does not run),
        // counted at commit; a discarded id's drops are not.
        Case{"specsize",
             "BEGIN { s = speculation(); d = speculation(); }"
             "BEGIN { speculate(s); trace(1L); trace(2L); trace(3L); trace(4L); trace(5L); trace(6L); }"
             "BEGIN { speculate(s); trace(7L); ran = 1; } BEGIN { speculate(d); trace(1L); trace(2L); "
             "trace(3L);"
             " trace(4L); trace(5L); trace(6L); trace(7L); } BEGIN { discard(d); } BEGIN { commit(s); } "
             "BEGIN { trace(ran); }",
             2, 64, 5, 1},
        // Ids 0 and past nspec drop the clause silently; commit() past
        // nspec faults (an error); -1 too.
        Case{"bad ids",
             "BEGIN { speculate(0); n = 1; } BEGIN { speculate(3); n = 2; } BEGIN { speculate(-1); n = 3; }"
             "BEGIN { trace(n); } BEGIN { commit(3); } BEGIN { discard(-1); } BEGIN { commit(0); } BEGIN { "
             "trace(9); }",
             2, 4096, 3, 0}),
    [](const ::testing::TestParamInfo<Case>& i) {
      std::string n = i.param.name;
      for (char& ch : n)
        if (ch == ' ') ch = '_';
      return n;
    });

}  // namespace
}  // namespace dtrace::bpf::testing
