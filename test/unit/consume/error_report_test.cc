#include "consume/error_report.h"

#include <cstring>
#include <gtest/gtest.h>

namespace dtrace::consume {
namespace {

TEST(ErrorReport, NamesProbeFaultAddressAndPlace) {
  dtrace_probedesc p{};
  std::strcpy(p.dtpd_provider, "dtrace");
  std::strcpy(p.dtpd_name, "BEGIN");
  ProbeError e{3, 1, 12, DTRACEFLT_BADADDR, 0};
  EXPECT_EQ(error_message(e, FaultingEcb{1, &p, nullptr, nullptr}),
            "error on enabled probe ID 3 (ID 1: dtrace:::BEGIN): invalid address (0x0) in action #1 at DIF "
            "offset 12");
  // No address for a fault that has none; an unknown ECB says "?".
  ProbeError div{7, 0, 4, DTRACEFLT_DIVZERO, 99};
  EXPECT_EQ(error_message(div, FaultingEcb{}),
            "error on enabled probe ID 7 (ID 0: ?): divide-by-zero in predicate at DIF offset 4");
}

// A fault of an action itself (commit() of a bad id) has no DIF offset:
// arg3 is -1 and the message names none, as DTrace's.
TEST(ErrorReport, ActionFaultNamesNoOffset) {
  ProbeError e{2, 1, UINT64_MAX, DTRACEFLT_ILLOP, 0};
  EXPECT_EQ(error_message(e, FaultingEcb{}),
            "error on enabled probe ID 2 (ID 0: ?): illegal operation in action #1");
  Notice n = error_notice(e, FaultingEcb{}, 0);
  EXPECT_EQ(n.members.back(), (std::pair<std::string, Notice::Value>{"offset", int64_t{-1}}));
}

// The clause's D statements number the action, not the module's actions.
TEST(ErrorReport, CountsActionsAsDTraceDoes) {
  cc::Program prog;
  prog.difos.resize(1);
  prog.difos[0].action_at = {{0, 2}, {5, 3}};  // statements 2 and 3 share the DIFO
  prog.actions.resize(1);
  prog.actions[0].difo = 0;
  prog.clauses.resize(1);
  prog.clauses[0].naction = 1;
  FaultingEcb ecb{0, nullptr, &prog, &prog.clauses[0]};
  ProbeError e{1, 1, 6 * sizeof(dif_instr_t), 9999, 0};
  EXPECT_EQ(error_message(e, ecb),
            "error on enabled probe ID 1 (ID 0: ?): unknown fault in action #3 at DIF offset 24");
  e.offset = 0;
  EXPECT_EQ(error_message(e, ecb),
            "error on enabled probe ID 1 (ID 0: ?): unknown fault in action #2 at DIF offset 0");
}

// Under -x oformat=json the message's facts are members of their own.
TEST(ErrorReport, NoticeHasTheFactsAsMembers) {
  dtrace_probedesc p{};
  std::strcpy(p.dtpd_provider, "dtrace");
  std::strcpy(p.dtpd_name, "BEGIN");
  ProbeError e{3, 1, 12, DTRACEFLT_BADADDR, 8};
  Notice n = error_notice(e, FaultingEcb{1, &p, nullptr, nullptr}, 2);
  EXPECT_EQ(n.type, "error");
  EXPECT_EQ(n.message, error_message(e, FaultingEcb{1, &p, nullptr, nullptr}));
  using V = Notice::Value;
  std::vector<std::pair<std::string, V>> want = {
      {"cpu", V{int64_t{2}}},      {"epid", V{int64_t{3}}},
      {"id", V{int64_t{1}}},       {"provider", V{"dtrace"}},
      {"module", V{""}},           {"function", V{""}},
      {"name", V{"BEGIN"}},        {"fault", V{"DTRACEFLT_BADADDR"}},
      {"address", V{uint64_t{8}}}, {"action", V{uint64_t{1}}},
      {"offset", V{int64_t{12}}}};
  EXPECT_EQ(n.members, want);
  // No address for a fault whose message has none; no names for an unknown ECB.
  Notice div = error_notice(ProbeError{7, 0, 4, DTRACEFLT_DIVZERO, 99}, FaultingEcb{}, 0);
  std::vector<std::pair<std::string, V>> want_div = {
      {"cpu", V{int64_t{0}}},     {"epid", V{int64_t{7}}},
      {"id", V{int64_t{0}}},      {"fault", V{"DTRACEFLT_DIVZERO"}},
      {"action", V{uint64_t{0}}}, {"offset", V{int64_t{4}}}};
  EXPECT_EQ(div.members, want_div);
}

}  // namespace
}  // namespace dtrace::consume
