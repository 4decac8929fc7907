// Program container checks at ENABLE (kernel/core/prog.c, action.c,
// enable.c; doc/program.md §7): every refusal leaves the state untouched.
#include <functional>
#include <initializer_list>

#include "harness.h"

extern "C" {
#include "core/enable.h"
}

namespace kcore {
namespace {

// BEGIN { trace(1); } as a byte vector to mutate.
std::vector<uint8_t> good_blob() {
  pb b{};
  pb_str(&b, "");  // offset 0 is ""
  uint32_t p = pb_probe(&b, "dtrace", "", "", "BEGIN");
  Difo d;
  d.code = {setx(0, 1), ret(1)};
  d.ints = {1};
  add_clause(&b, p, -1, {{DTRACEACT_DIFEXPR, (int)add_difo(&b, d)}});
  pb_option(&b, DTRACEOPT_BUFSIZE, 64 << 10);
  size_t size;
  void* blob = pb_blob(&b, &size);
  std::vector<uint8_t> v(static_cast<uint8_t*>(blob), static_cast<uint8_t*>(blob) + size);
  free(blob);
  pb_free(&b);
  return v;
}

using Blob = std::vector<uint8_t>;

dtrace_prog_hdr* hdr(std::vector<uint8_t>& v) { return reinterpret_cast<dtrace_prog_hdr*>(v.data()); }

template <typename T>
T* table(std::vector<uint8_t>& v, int t) {
  return reinterpret_cast<T*>(v.data() + hdr(v)->dtph_tab[t].dtpt_off);
}

dtrace_prog_tab& tab(Blob& v, int t) { return hdr(v)->dtph_tab[t]; }

// Enables v in a fresh state; expects err and a container-style refusal.
void expect_refused(std::vector<uint8_t> v, int err = -EINVAL) {
  Harness h;
  EXPECT_EQ(h.enable_raw(v.data(), v.size()), err);
  EXPECT_EQ(h.res().dvr, (uint32_t)DIF_DVR_OK);
  EXPECT_EQ(h.res().difo, DTRACE_NONE);
  EXPECT_NE(h.res().msg[0], '\0');
  EXPECT_EQ(h.state()->necbs, 0u);
  EXPECT_EQ(h.go(), 0);  // the state is still usable
}

// Each mutation, applied alone to a copy of v, must be refused.
void expect_each_refused(const Blob& v, std::initializer_list<std::function<void(Blob&)>> mutations) {
  int i = 0;
  for (const auto& mutate : mutations) {
    SCOPED_TRACE("mutation " + std::to_string(i++));
    Blob w = v;
    mutate(w);
    expect_refused(w);
  }
}

TEST(ProgCheck, AcceptsTheGoodBlob) {
  Harness h;
  auto v = good_blob();
  EXPECT_EQ(h.enable_raw(v.data(), v.size()), 0) << h.res().msg;
  EXPECT_EQ(h.res().nprobes, 1u);
  EXPECT_EQ(h.res().msg[0], '\0');
}

TEST(ProgCheck, RejectsBadHeaders) {
  auto v = good_blob();
  expect_refused(std::vector<uint8_t>(v.begin(), v.begin() + 100));
  expect_each_refused(v, {
                             [](Blob& w) { hdr(w)->dtph_magic ^= 1; },
                             [](Blob& w) { hdr(w)->dtph_version = 2; },
                             [](Blob& w) { hdr(w)->dtph_hdrsize = 112; },
                             [](Blob& w) { hdr(w)->dtph_size += 8; },
                             [](Blob& w) { w.resize(w.size() + 8); },
                             [](Blob& w) { hdr(w)->dtph_flags = DTRACE_PROGF_HELPER; },
                             [](Blob& w) { hdr(w)->dtph_flags = 0x80; },
                             [](Blob& w) { hdr(w)->dtph_difvers = 2; },
                             [](Blob& w) { hdr(w)->dtph_nregs = DIF_DIR_NREGS + 1; },
                             [](Blob& w) { hdr(w)->dtph_ntregs = DIF_DTR_NREGS + 1; },
                             [](Blob& w) { hdr(w)->dtph_pad[2] = 1; },
                         });
}

TEST(ProgCheck, RejectsBadTables) {
  expect_each_refused(good_blob(),
                      {
                          [](Blob& w) { tab(w, DTRACE_PT_CODE).dtpt_off += 4; },
                          [](Blob& w) { tab(w, DTRACE_PT_STRTAB).dtpt_off = 112; },
                          [](Blob& w) { tab(w, DTRACE_PT_INTS).dtpt_count = 1u << 30; },
                          [](Blob& w) { tab(w, DTRACE_PT_ACTIONS).dtpt_off = (uint32_t)w.size(); },
                          [](Blob& w) { tab(w, DTRACE_PT_OFFSETS) = tab(w, DTRACE_PT_INTS); },
                          [](Blob& w) {  // the last STRTAB byte must be NUL
                            auto& t = tab(w, DTRACE_PT_STRTAB);
                            w[t.dtpt_off + t.dtpt_count - 1] = 'x';
                          },
                      });
}

TEST(ProgCheck, RejectsBadProbeDescriptions) {
  auto v = good_blob();
  uint32_t strlen_ = tab(v, DTRACE_PT_STRTAB).dtpt_count;
  expect_each_refused(
      v, {
             [=](Blob& w) { table<dtrace_prog_probe>(w, DTRACE_PT_PROBES)->dtpp_name = strlen_; },
             [](Blob& w) { table<dtrace_prog_probe>(w, DTRACE_PT_PROBES)->dtpp_pad = 1; },
         });
  // A provider pattern longer than DTRACE_PROVNAMELEN - 1.
  pb b{};
  uint32_t p = pb_probe(&b, std::string(64, 'p').c_str(), "", "", "BEGIN");
  add_clause(&b, p, -1, {});
  size_t size;
  void* blob = pb_blob(&b, &size);
  expect_refused(std::vector<uint8_t>((uint8_t*)blob, (uint8_t*)blob + size));
  free(blob);
  pb_free(&b);
}

TEST(ProgCheck, RejectsBadDifoSlices) {
  auto d = [](Blob& w) { return table<dtrace_prog_difo>(w, DTRACE_PT_DIFOS); };
  expect_each_refused(good_blob(), {
                                       [&](Blob& w) { d(w)->dtpd_ncode = 3; },
                                       [&](Blob& w) { d(w)->dtpd_code = 0xffffffffu; },
                                       [&](Blob& w) { d(w)->dtpd_nints = 2; },
                                       [&](Blob& w) { d(w)->dtpd_nvars = 1; },
                                       [&](Blob& w) { d(w)->dtpd_strlen = 1000; },
                                   });
}

TEST(ProgCheck, RejectsBadActionsAndClauses) {
  auto a = [](Blob& w) { return table<dtrace_prog_action>(w, DTRACE_PT_ACTIONS); };
  auto c = [](Blob& w) { return table<dtrace_prog_clause>(w, DTRACE_PT_CLAUSES); };
  expect_each_refused(good_blob(), {
                                       [&](Blob& w) { a(w)->dtpa_kind = 0; },
                                       [&](Blob& w) { a(w)->dtpa_kind = 0x7ff; },
                                       [&](Blob& w) { a(w)->dtpa_flags = 1; },
                                       [&](Blob& w) { a(w)->dtpa_difo = 1; },
                                       [&](Blob& w) { a(w)->dtpa_format = 1u << 20; },
                                       [&](Blob& w) { c(w)->dtpc_probe = 1; },
                                       [&](Blob& w) { c(w)->dtpc_pred = 7; },
                                       [&](Blob& w) { c(w)->dtpc_naction = 2; },
                                   });
}

TEST(ProgCheck, RejectsBadOptions) {
  // Each sets the one option of the good blob (bufsize) to {option, value}.
  auto o = [](uint32_t option, uint64_t value) {
    return [=](Blob& w) {
      auto* opt = table<dtrace_prog_option>(w, DTRACE_PT_OPTIONS);
      opt->dtpo_option = option;
      opt->dtpo_value = value;
    };
  };
  expect_each_refused(good_blob(),
                      {
                          o(DTRACEOPT_MAX, 64 << 10),
                          [](Blob& w) { table<dtrace_prog_option>(w, DTRACE_PT_OPTIONS)->dtpo_pad = 1; },
                          o(DTRACEOPT_BUFSIZE, 100),  // bufsize < 4096
                          o(DTRACEOPT_STRSIZE, 1),
                          o(DTRACEOPT_BUFPOLICY, 3),
                          o(DTRACEOPT_CPU, 2),
                      });
}

// One clause on BEGIN with the given actions; difos[i] are available as i.
int enable_actions(Harness& h, const std::vector<Action>& acts, uint64_t destructive = 0) {
  pb b{};
  uint32_t p = pb_probe(&b, "dtrace", "", "", "BEGIN");
  Difo v8;
  v8.code = {setx(0, 1), ret(1)};
  v8.ints = {1};
  add_difo(&b, v8);  // DIFO 0: 8-byte value
  Difo v4 = v8;
  v4.rtype = PB_INT(4);
  add_difo(&b, v4);  // DIFO 1: 4-byte value
  Difo s;
  s.strtab = std::string("s\0", 2);
  s.code = {sets(0, 1), ret(1)};
  s.rtype = PB_STRING;
  add_difo(&b, s);  // DIFO 2: string
  Difo none = v8;
  none.rtype = PB_INT(0);
  add_difo(&b, none);  // DIFO 3: void, a statement's
  add_clause(&b, p, -1, acts);
  if (destructive) pb_option(&b, DTRACEOPT_DESTRUCTIVE, 1);
  int err = h.enable(b);
  pb_free(&b);
  return err;
}

int enable_actions(const std::vector<Action>& acts, uint64_t destructive = 0) {
  Harness h;
  int err = enable_actions(h, acts, destructive);
  if (err != 0) {
    EXPECT_EQ(h.state()->necbs, 0u);
    EXPECT_NE(h.res().msg[0], '\0');
  }
  return err;
}

TEST(ProgCheck, ActionStructure) {
  const uint16_t DIFEXPR = DTRACEACT_DIFEXPR, ARG = DTRACEACT_ARG, PRINTF = DTRACEACT_PRINTF;
  EXPECT_EQ(enable_actions({{DIFEXPR, 0}}), 0);
  EXPECT_EQ(enable_actions({{DIFEXPR}}), -EINVAL);               // needs a DIFO
  EXPECT_EQ(enable_actions({{DIFEXPR, 0, 0, "fmt"}}), -EINVAL);  // no format
  EXPECT_EQ(enable_actions({{PRINTF, -1, 1, "%d"}, {ARG, 0}}), 0);
  EXPECT_EQ(enable_actions({{PRINTF, -1, 1}, {ARG, 0}}), -EINVAL);        // needs a format
  EXPECT_EQ(enable_actions({{PRINTF, 0, 0, "x"}}), -EINVAL);              // takes no DIFO
  EXPECT_EQ(enable_actions({{ARG, 0}}), -EINVAL);                         // continuation alone
  EXPECT_EQ(enable_actions({{DIFEXPR, 0, 1}, {ARG, 0}}), -EINVAL);        // no continuations
  EXPECT_EQ(enable_actions({{PRINTF, -1, 2, "%d"}, {ARG, 0}}), -EINVAL);  // overrun
  EXPECT_EQ(enable_actions({{PRINTF, -1, 1, "%d"}, {DTRACEACT_STACK, -1, 0, nullptr, 5}}), 0);
  EXPECT_EQ(enable_actions({{DTRACEACT_STACK, -1, 0, nullptr, 0}}), -EINVAL);  // frames >= 1
  EXPECT_EQ(enable_actions({{DTRACEACT_TRACEMEM, 0, 1, nullptr, 16}, {DTRACEACT_TRACEMEM_DYNSIZE, 0}}), 0);
  EXPECT_EQ(enable_actions({{DTRACEACT_TRACEMEM, 0, 0, nullptr, 0}}), -EINVAL);
  EXPECT_EQ(enable_actions({{DTRACEACT_AGG_SUM, 0, 2}, {DTRACEACT_AGGKEY, 2}, {DTRACEACT_AGGINCR, 0}}),
            -EINVAL);  // sum takes no weight
  EXPECT_EQ(enable_actions({{DTRACEACT_AGG_QUANTIZE, 0, 2}, {DTRACEACT_AGGKEY, 2}, {DTRACEACT_AGGINCR, 0}}),
            0);
  EXPECT_EQ(enable_actions({{DTRACEACT_AGG_QUANTIZE, 0, 2}, {DTRACEACT_AGGINCR, 0}, {DTRACEACT_AGGKEY, 2}}),
            -EINVAL);                                              // weight is last
  EXPECT_EQ(enable_actions({{DTRACEACT_AGG_COUNT, 0}}), -EINVAL);  // count has no DIFO
  EXPECT_EQ(enable_actions({{DTRACEACT_AGG_LQUANTIZE, 0, 0, nullptr, DTRACE_LQUANTIZE_ARG(0, 0, 1)}}),
            -EINVAL);
  EXPECT_EQ(enable_actions({{DTRACEACT_AGG_LLQUANTIZE, 0, 0, nullptr, DTRACE_LLQUANTIZE_ARG(10, 0, 2, 10)}}),
            0);
  EXPECT_EQ(enable_actions({{DTRACEACT_AGG_LLQUANTIZE, 0, 0, nullptr, DTRACE_LLQUANTIZE_ARG(10, 0, 2, 15)}}),
            -EINVAL);
  EXPECT_EQ(enable_actions({{DTRACEACT_AGG_LLQUANTIZE, 0, 0, nullptr, DTRACE_LLQUANTIZE_ARG(4, 0, 1, 2)}}),
            0);  // fewer steps than the factor, dividing it
  EXPECT_EQ(enable_actions({{DTRACEACT_AGG_LLQUANTIZE, 0, 0, nullptr, DTRACE_LLQUANTIZE_ARG(10, 0, 2, 3)}}),
            -EINVAL);
  EXPECT_EQ(enable_actions({{DTRACEACT_AGG_LLQUANTIZE, 0, 0, nullptr, DTRACE_LLQUANTIZE_ARG(10, 0, 2, 40)}}),
            -EINVAL);  // 40 does not divide 10^2
  EXPECT_EQ(enable_actions({{DTRACEACT_LIBACT, -1, 0, nullptr, 9}}), -EINVAL);
}

TEST(ProgCheck, Speculation) {
  const uint16_t SPEC = DTRACEACT_SPECULATE;
  EXPECT_EQ(enable_actions({{SPEC, 0}, {DTRACEACT_DIFEXPR, 0}}), 0);
  EXPECT_EQ(enable_actions({{DTRACEACT_DIFEXPR, 0}, {SPEC, 0}}), -EINVAL);
  // A statement records nothing: it may come before speculate().
  EXPECT_EQ(enable_actions({{DTRACEACT_DIFEXPR, 3}, {SPEC, 0}, {DTRACEACT_DIFEXPR, 3}}), 0);
  EXPECT_EQ(enable_actions({{DTRACEACT_DIFEXPR, 3}, {DTRACEACT_DIFEXPR, 1}, {SPEC, 0}}), -EINVAL);
  EXPECT_EQ(enable_actions({{SPEC, 0}, {SPEC, 0}}), -EINVAL);
  EXPECT_EQ(enable_actions({{SPEC, 0}, {DTRACEACT_EXIT, 1}}), -EINVAL);
}

TEST(ProgCheck, DestructiveActionsNeedPermission) {
  Harness h;
  EXPECT_EQ(enable_actions(h, {{DTRACEACT_RAISE, 0}}), -EPERM);
  EXPECT_EQ(h.res().clause, 0u);
  EXPECT_EQ(enable_actions({{DTRACEACT_RAISE, 0}}, 1), 0);
  EXPECT_EQ(enable_actions({{DTRACEACT_SYSTEM, -1, 0, "ls"}}), -EPERM);
  EXPECT_EQ(enable_actions({{DTRACEACT_FTRUNCATE}}), 0);  // not destructive
  EXPECT_EQ(enable_actions({{DTRACEACT_PANIC}}, 1), -EINVAL);
  EXPECT_EQ(enable_actions({{DTRACEACT_BREAKPOINT}}, 1), -EINVAL);
}

TEST(ProgCheck, ReturnTypesMustSuitTheirUse) {
  Harness h;
  EXPECT_EQ(enable_actions(h, {{DTRACEACT_EXIT, 0}}), -EINVAL);  // exit needs 4 bytes
  EXPECT_EQ(h.res().dvr, (uint32_t)DIF_DVR_BAD_RTYPE);
  EXPECT_EQ(h.res().difo, 0u);
  EXPECT_EQ(h.res().pc, DTRACE_NONE);
  EXPECT_EQ(h.res().clause, 0u);
  EXPECT_EQ(enable_actions({{DTRACEACT_EXIT, 1}}), 0);
  EXPECT_EQ(enable_actions({{DTRACEACT_AGG_SUM, 2}}), -EINVAL);  // a string sum
  EXPECT_EQ(enable_actions({{DTRACEACT_TRACEMEM, 1, 0, nullptr, 8}}), -EINVAL);
}

TEST(ProgCheck, ValidatorVerdictsAreReported) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "dtrace", "", "", "BEGIN");
  Difo ok;
  ok.code = {ret(0)};
  add_difo(&b, ok);
  Difo bad;
  bad.code = {DIF_INSTR_NOP, op3(DIF_OP_ADD, 1, 2, 0), ret(0)};
  uint32_t bi = add_difo(&b, bad);
  add_clause(&b, p, -1, {{DTRACEACT_DIFEXPR, 0}});
  add_clause(&b, p, -1, {{DTRACEACT_DIFEXPR, (int)bi}});
  EXPECT_EQ(h.enable(b), -EINVAL);
  pb_free(&b);
  EXPECT_EQ(h.res().dvr, (uint32_t)DIF_DVR_WRITE_R0);
  EXPECT_EQ(h.res().difo, 1u);
  EXPECT_EQ(h.res().pc, 1u);
  EXPECT_EQ(h.res().clause, 1u);
  EXPECT_NE(std::string(h.res().msg).find("cannot write to %r0"), std::string::npos) << h.res().msg;
}

TEST(ProgCheck, UnmatchedClauseIsENOENTAndAllOrNothing) {
  Harness h;
  pb b{};
  uint32_t p1 = pb_probe(&b, "dtrace", "", "", "BEGIN");
  uint32_t p2 = pb_probe(&b, "dtrace", "", "", "NOSUCH");
  add_clause(&b, p1, -1, {});
  add_clause(&b, p2, -1, {});
  EXPECT_EQ(h.enable(b), -ENOENT);
  pb_free(&b);
  EXPECT_EQ(h.res().clause, 1u);
  EXPECT_EQ(h.state()->necbs, 0u);
  EXPECT_EQ(h.core()->cpu != nullptr, true);
  dtrace_probe* begin = dtrace_probe_lookup(h.core(), 1);
  EXPECT_EQ(begin->ecbs, nullptr);
}

TEST(ProgCheck, ProbesByIdAndGlob) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "nonsense", "", "", "ignored");
  b.probes[p].dtpp_id = 2;  // dtrace:::END
  add_clause(&b, p, -1, {});
  uint32_t g = pb_probe(&b, "dtr*", "", "", "[BE]*");
  add_clause(&b, g, -1, {});
  EXPECT_EQ(h.enable(b), 0) << h.res().msg;
  pb_free(&b);
  EXPECT_EQ(h.res().nprobes, 4u);  // END; BEGIN, END and ERROR
  dtrace_epdesc ep{};
  h.recs(1, &ep);
  EXPECT_EQ(ep.dtepd_probeid, 2u);
  h.recs(2, &ep);
  EXPECT_EQ(ep.dtepd_probeid, 1u);
  h.recs(3, &ep);
  EXPECT_EQ(ep.dtepd_probeid, 2u);
  h.recs(4, &ep);
  EXPECT_EQ(ep.dtepd_probeid, 3u);
}

TEST(ProgCheck, OptionsAreFixedByTheFirstEnable) {
  Harness h;
  auto v = good_blob();
  ASSERT_EQ(h.enable_raw(v.data(), v.size()), 0);
  EXPECT_EQ(h.enable_raw(v.data(), v.size()), 0);  // same options again
  auto w = v;
  table<dtrace_prog_option>(w, DTRACE_PT_OPTIONS)->dtpo_value = 128 << 10;
  EXPECT_EQ(h.enable_raw(w.data(), w.size()), -EINVAL);
  table<dtrace_prog_option>(w, DTRACE_PT_OPTIONS)->dtpo_option = DTRACEOPT_SWITCHRATE;
  EXPECT_EQ(h.enable_raw(w.data(), w.size()), 0);  // rates may change
  EXPECT_EQ(h.state()->necbs, 3u);
  ASSERT_EQ(h.go(), 0);
  EXPECT_EQ(h.enable_raw(v.data(), v.size()), -EBUSY);
}

// Every kind of actions.def but NONE has a row in kernel/core's
// action_rules.def: a kind added without one would be refused as unknown.
TEST(ProgCheck, EveryActionKindHasARule) {
#define DTRACEACT(name, code, dname) EXPECT_EQ(dtrace_act_known(code), (code) != DTRACEACT_NONE) << #name;
#include "dtrace/actions.def"
#undef DTRACEACT
}

}  // namespace
}  // namespace kcore
