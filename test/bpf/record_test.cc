// Records of by-reference values (trace() and print() of a structure)
// under the bpf device against the module's own code: one D program
// enabled on kernel/core in process and on the bpf device; both must
// record the same bytes (the object's, read from its address as the
// module's record_value() reads them) and fault as often.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bpf/device.h"
#include "bpf/load.h"
#include "core_device.h"
#include "kio/device.h"
#include "prog/encode.h"
#include "record_run.h"
#include "test/unit/cc/compile_util.h"

namespace dtrace::bpf::testing {
namespace {

struct Case {
  const char* name;
  const char* src;
  size_t records;  // what the module records (so that the test sees it)
  uint64_t errors;
};

class Record : public ::testing::TestWithParam<Case> {};

TEST_P(Record, SameRecordsAsKernelCore) {
  std::string why = bpf_unavailable();
  if (!why.empty()) GTEST_SKIP() << why << "; bpf tests skipped";
  const Case& c = GetParam();
  cc::Program p = cc::testing::compile_ok(c.src);
  std::vector<uint8_t> blob = prog::encode(p, {}, 0);
  auto [core, bpf] =
      run_both(blob, [](kio::Device& dev, const std::vector<uint8_t>& b) { return run_records(dev, b); });
  ASSERT_TRUE(core.ok()) << core.error().message;
  ASSERT_TRUE(bpf.ok()) << bpf.error().message;
  EXPECT_EQ(core->records.size(), c.records);
  EXPECT_EQ(core->errors, c.errors);
  EXPECT_EQ(core->records, bpf->records);
  EXPECT_EQ(core->errors, bpf->errors);
}

INSTANTIATE_TEST_SUITE_P(
    ByReference, Record,
    ::testing::Values(
        // A global structure: zero until stored, then its bytes.
        Case{"global",
             "struct w { int a; char c[12]; } g; BEGIN { trace(g); } BEGIN { g.a = -5; g.c[0] = 'x'; "
             "g.c[11] = 'y'; } BEGIN { trace(g); print(g); trace(7); }",
             3, 0},
        // In scratch (alloca()), stored through a pointer; an odd size.
        Case{"scratch",
             "struct v { char b[20]; }; BEGIN { this->p = (struct v *)alloca(20); this->p->b[0] = 'a'; "
             "this->p->b[19] = 'z'; trace(*this->p); trace(1); }",
             1, 0},
        // Clause-locals by reference of over 512 bytes, beside a string
        // one: copied from a global, stored into, traced.
        Case{"big_locals",
             "struct big { char b[3000]; } g; BEGIN { g.b[0] = 'a'; g.b[2999] = 'z'; } BEGIN { this->s = "
             "\"str\"; this->b = g; this->b.b[1] = 'q'; this->c = g; this->c.b[2] = 'r'; trace(this->b); "
             "trace(this->s); trace(this->c); }",
             2, 0},
        // An unreadable address faults (BADADDR) and the clause records
        // nothing; the next clause runs.
        Case{
            "unreadable",
            "struct w { int a; char c[12]; }; BEGIN { trace(1); trace(*(struct w *)8); } BEGIN { trace(2); }",
            1, 1},
        // A user structure: the user address 0 unreadable.
        Case{"user",
             "struct w { int a; char c[12]; }; BEGIN { print(*(userland struct w *)0); } BEGIN { trace(3); }",
             1, 1}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

}  // namespace
}  // namespace dtrace::bpf::testing
