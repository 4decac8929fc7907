#include "prog/encode.h"

#include <gtest/gtest.h>

#include "test/unit/cc/compile_util.h"

namespace dtrace::prog {
namespace {

using cc::testing::compile_ok;

TEST(Encode, HelloMatchesTheWorkedExample) {
  cc::Program p = compile_ok("BEGIN { trace(\"hello\"); exit(0); }");
  std::vector<dtrace_prog_option> opts = {
      {DTRACEOPT_BUFSIZE, 0, 4u << 20}, {DTRACEOPT_AGGSIZE, 0, 4u << 20}, {DTRACEOPT_STRSIZE, 0, 256}};
  std::vector<uint8_t> blob = encode(p, opts, 0);
  EXPECT_EQ(blob.size(), 400u);  // doc/program.md section 10
  auto r = decode(blob);
  ASSERT_TRUE(r.ok()) << r.error().message;
  const Decoded& d = r.value();
  EXPECT_EQ(d.hdr.dtph_magic, DTRACE_PROG_MAGIC);
  EXPECT_EQ(d.hdr.dtph_hdrsize, 120);
  EXPECT_EQ(d.hdr.dtph_tab[DTRACE_PT_STRTAB].dtpt_off, 120u);
  EXPECT_EQ(d.strtab, std::string("\0BEGIN\0hello\0", 13));
  EXPECT_EQ(d.hdr.dtph_tab[DTRACE_PT_VARS].dtpt_off, 0u);
  ASSERT_EQ(d.probes.size(), 1u);
  EXPECT_EQ(d.str(d.probes[0].dtpp_name), "BEGIN");
  EXPECT_EQ(d.probes[0].dtpp_provider, 0u);
  ASSERT_EQ(d.difos.size(), 2u);
  EXPECT_EQ(d.difos[0].dtpd_strtab, 7u);
  EXPECT_EQ(d.difos[0].dtpd_strlen, 6u);
  EXPECT_EQ(d.code, (std::vector<dif_instr_t>{0x49000001, 0x6f000001, 0x48000001, 0x6f000001}));
  ASSERT_EQ(d.actions.size(), 2u);
  EXPECT_EQ(d.actions[1].dtpa_kind, DTRACEACT_EXIT);
  EXPECT_EQ(d.actions[0].dtpa_format, DTRACE_NONE);
  ASSERT_EQ(d.clauses.size(), 1u);
  EXPECT_EQ(d.clauses[0].dtpc_pred, DTRACE_NONE);
  EXPECT_EQ(d.clauses[0].dtpc_naction, 2u);
  EXPECT_EQ(d.options.size(), 3u);
}

// The cookie both sides use (prog.h): program in the high word, clause
// or action index in the low word, each a full 32 bits.
TEST(Encode, CookieRoundTrips) {
  const uint32_t cases[][2] = {
      {0, 0}, {7, 3}, {0xffffffffu, 0}, {0, 0xffffffffu}, {0xfffffffeu, 0xfffffffdu}};
  for (const auto& c : cases) {
    uint64_t u = dtrace_prog_cookie_encode(c[0], c[1]);
    dtrace_prog_cookie back = dtrace_prog_cookie_decode(u);
    EXPECT_EQ(back.prog, c[0]);
    EXPECT_EQ(back.index, c[1]);
  }
  EXPECT_EQ(dtrace_prog_cookie_encode(7, 3), (uint64_t{7} << 32) | 3);  // the ABI's layout
}

TEST(Encode, RoundTripsEveryTable) {
  cc::Program p = compile_ok(
      "syscall::read:entry, syscall::write:entry /pid != 1 && execname == \"sh\"/ "
      "{ self->n++; @c[probefunc, execname] = count(); printf(\"%s %d\\n\", probefunc, arg0); }\n"
      "END { printa(\"%s %s %@d\\n\", @c); exit(0); }");
  std::vector<uint8_t> blob = encode(p, {}, 7);
  EXPECT_EQ(blob.size() % 8, 0u);
  auto r = decode(blob);
  ASSERT_TRUE(r.ok()) << r.error().message;
  const Decoded& d = r.value();
  ASSERT_EQ(d.clauses.size(), p.clauses.size());
  for (size_t i = 0; i < p.clauses.size(); i++) {
    const auto& c = d.clauses[i];
    EXPECT_EQ(c.dtpc_uarg, (uint64_t{7} << 32) | i);
    EXPECT_EQ(d.str(d.probes[c.dtpc_probe].dtpp_func), p.clauses[i].probe.func);
    EXPECT_EQ(c.dtpc_action, p.clauses[i].first_action);
    EXPECT_EQ(c.dtpc_naction, p.clauses[i].naction);
  }
  EXPECT_EQ(d.clauses[0].dtpc_pred, d.clauses[1].dtpc_pred);
  ASSERT_EQ(d.actions.size(), p.actions.size());
  for (size_t i = 0; i < p.actions.size(); i++) {
    const auto& a = d.actions[i];
    EXPECT_EQ(a.dtpa_kind, p.actions[i].kind);
    EXPECT_EQ(a.dtpa_uarg, (uint64_t{7} << 32) | i);
    EXPECT_EQ(a.dtpa_ntuple, p.actions[i].ntuple);
    if (p.actions[i].has_format) EXPECT_EQ(d.str(a.dtpa_format), p.actions[i].format);
    else EXPECT_EQ(a.dtpa_format, DTRACE_NONE);
  }
  ASSERT_EQ(d.difos.size(), p.difos.size());
  for (size_t i = 0; i < p.difos.size(); i++) {
    cc::Difo back = d.difo(i);
    EXPECT_EQ(back.code, p.difos[i].code);
    EXPECT_EQ(back.ints, p.difos[i].ints);
    EXPECT_EQ(back.strtab, p.difos[i].strtab);
    ASSERT_EQ(back.vars.size(), p.difos[i].vars.size());
    EXPECT_EQ(0, memcmp(&back.rtype, &p.difos[i].rtype, sizeof back.rtype));
    EXPECT_TRUE(dif::verify(back).ok());
  }
}

TEST(Decode, RejectsCorruptBlobs) {
  cc::Program p = compile_ok("BEGIN { trace(1); }");
  std::vector<uint8_t> blob = encode(p, {}, 0);
  auto bad = blob;
  bad[0] ^= 1;
  EXPECT_FALSE(decode(bad).ok());
  bad = blob;
  bad.resize(bad.size() - 8);
  EXPECT_FALSE(decode(bad).ok());
  bad = blob;
  auto* hdr = reinterpret_cast<dtrace_prog_hdr*>(bad.data());
  hdr->dtph_tab[DTRACE_PT_CODE].dtpt_count = 1000;
  EXPECT_FALSE(decode(bad).ok());
  EXPECT_FALSE(decode({1, 2, 3}).ok());
}

}  // namespace
}  // namespace dtrace::prog
