// More subroutines and built-ins: text parsing, address formatting, user
// memory, kernel objects, stacks and destructive actions.
#include <csignal>
#include <unistd.h>

#include "subr_call.h"

namespace kcore {
namespace {

TEST(DifSubrMore, Cleanpath) {
  expect_str_of(DIF_SUBR_CLEANPATH, {{"/foo//bar/./baz", "/foo/bar/baz"},
                                     {"/foo/bar/../baz", "/foo/baz"},
                                     {"/..", "/"},
                                     {"a/../..", ".."},
                                     {"../x/./y/", "../x/y/"},
                                     {"a/..", "."},
                                     {"/", "/"}});
  // DTrace keeps a trailing "/" or "/." (Oracle's tst.cleanpath).
  expect_str_of(DIF_SUBR_CLEANPATH, {{"/foo/bar/baz/", "/foo/bar/baz/"},
                                     {"/foo/bar///baz/", "/foo/bar/baz/"},
                                     {"/foo/bar/baz/.", "/foo/bar/baz/."},
                                     {"/foo/bar/../../baz/.//", "/baz/"},
                                     {"/../../", "/"},
                                     {"./", "./"},
                                     {"/.", "/."},
                                     {"/./.", "/."},
                                     {"/.//", "/"},
                                     {".", "."},
                                     {"", ""}});
}

TEST(DifSubrMore, StrtokContinuesWithinAFiring) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  Difo first = call_difo(DIF_SUBR_STRTOK, {" ,a b,,c", " ,"}, true);
  Difo next = call_difo(DIF_SUBR_STRTOK, {0, " ,"}, true);
  int n = (int)add_difo(&b, next);
  add_clause(&b, p, -1, {{DTRACEACT_DIFEXPR, (int)add_difo(&b, first)}, {DTRACEACT_DIFEXPR, n}});
  add_clause(&b, p, -1, {{DTRACEACT_DIFEXPR, n}});
  Difo isnull = next;  // a fourth call finds no token: NULL
  isnull.rtype = PB_INT(8);
  add_clause(&b, p, -1, {{DTRACEACT_DIFEXPR, (int)add_difo(&b, isnull)}});
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  h.fire();
  auto r = h.snap(0);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].str(0), "a");
  EXPECT_EQ(r[0].str(256), "b");
  EXPECT_EQ(r[1].str(0), "c");
  EXPECT_EQ(r[2].u64(0), 0u);
}

// strtok(NULL, ...) after the NULL that ends the tokens, or before any
// strtok() of a string in the firing, reads address 0 (as in DTrace).
Difo strtoks(int nulls) {
  Difo d;
  d.strtab = std::string("a,b\0,\0", 6);
  d.ints = {0};
  d.code = {sets(0, 1), sets(4, 2), setx(0, 3)};
  if (nulls >= 0) d.code.insert(d.code.end(), {pushtr_str(1), pushtr_str(2), call(DIF_SUBR_STRTOK, 4)});
  for (int i = 0; i < (nulls < 0 ? 1 : nulls); i++)
    d.code.insert(d.code.end(), {DIF_INSTR_FMT(DIF_OP_FLUSHTS, 0, 0, 0), pushtv(3), pushtr_str(2),
                                 call(DIF_SUBR_STRTOK, 4)});
  d.code.push_back(ret(4));
  d.rtype = PB_INT(8);
  return d;
}

TEST(DifSubrMore, StrtokOfNullAfterTheLastToken) {
  Eval e = eval(strtoks(1));  // "b", ending the string
  EXPECT_FALSE(e.faulted);
  e = eval(strtoks(2));  // NULL: no token left
  EXPECT_FALSE(e.faulted);
  EXPECT_EQ(e.u64(), 0u);
  e = eval(strtoks(3));
  EXPECT_EQ(e.fault, (uint64_t)DTRACEFLT_BADADDR);
  EXPECT_EQ(e.addr, 0u);
  e = eval(strtoks(-1));  // strtok(NULL, ",") first
  EXPECT_EQ(e.fault, (uint64_t)DTRACEFLT_BADADDR);
}

TEST(DifSubrMore, Json) {
  const char* doc = R"({"a": 1, "b": {"c": [10, "x y", {"d": true}]}, "s": "str"})";
  EXPECT_EQ(subr_str(DIF_SUBR_JSON, {doc, "a"}), "1");
  EXPECT_EQ(subr_str(DIF_SUBR_JSON, {doc, "s"}), "str");
  EXPECT_EQ(subr_str(DIF_SUBR_JSON, {doc, "b.c[0]"}), "10");
  EXPECT_EQ(subr_str(DIF_SUBR_JSON, {doc, "b.c[1]"}), "x y");
  EXPECT_EQ(subr_str(DIF_SUBR_JSON, {doc, "b.c[2].d"}), "true");
  EXPECT_EQ(subr_str(DIF_SUBR_JSON, {doc, "b.c[2]"}), R"({"d": true})");
  EXPECT_EQ(subr_u64(DIF_SUBR_JSON, {doc, "b.zz"}), 0u);
  EXPECT_EQ(subr_u64(DIF_SUBR_JSON, {doc, "b.c[7]"}), 0u);
  EXPECT_EQ(subr_u64(DIF_SUBR_JSON, {"{\"a\": ", "a"}), 0u);  // malformed
}

uint8_t v4[4] = {192, 168, 1, 20};
uint8_t v6[16] = {0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
uint8_t v6m[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 0, 0, 1};
uint8_t v6z[16] = {0, 1, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0};
uint8_t v6c[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 127, 0, 0, 1};
uint8_t v6fe[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xfe, 127, 0, 0, 1};
uint8_t v6one[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
uint8_t v6zero[16] = {};
uint8_t mac[20] = {0x00, 0x1b, 0x21, 0xaa, 0x0b, 0xff};

uint64_t ptr(const void* p) { return reinterpret_cast<uintptr_t>(p); }

TEST(DifSubrMore, AddressText) {
  EXPECT_EQ(subr_str(DIF_SUBR_INET_NTOA, {ptr(v4)}), "192.168.1.20");
  EXPECT_EQ(subr_str(DIF_SUBR_INET_NTOP, {2, ptr(v4)}), "192.168.1.20");
  EXPECT_EQ(subr_str(DIF_SUBR_INET_NTOA6, {ptr(v6)}), "2001:db8::1");
  EXPECT_EQ(subr_str(DIF_SUBR_INET_NTOP, {10, ptr(v6m)}), "::ffff:10.0.0.1");
  EXPECT_EQ(subr_str(DIF_SUBR_INET_NTOA6, {ptr(v6z)}), "1:0:0:2::");  // longest run wins
  // IPv4 in IPv6 (mapped, compatible): inet_ntoa6() prints the dotted
  // quad alone, inet_ntop() with its prefix; :: and ::1 are no IPv4.
  EXPECT_EQ(subr_str(DIF_SUBR_INET_NTOA6, {ptr(v6m)}), "10.0.0.1");
  EXPECT_EQ(subr_str(DIF_SUBR_INET_NTOA6, {ptr(v6c)}), "127.0.0.1");
  EXPECT_EQ(subr_str(DIF_SUBR_INET_NTOP, {10, ptr(v6c)}), "::127.0.0.1");
  EXPECT_EQ(subr_str(DIF_SUBR_INET_NTOA6, {ptr(v6fe)}), "::fffe:7f00:1");
  EXPECT_EQ(subr_str(DIF_SUBR_INET_NTOA6, {ptr(v6one)}), "::1");
  EXPECT_EQ(subr_str(DIF_SUBR_INET_NTOP, {10, ptr(v6one)}), "::1");
  EXPECT_EQ(subr_str(DIF_SUBR_INET_NTOA6, {ptr(v6zero)}), "::");
  EXPECT_EQ(subr_str(DIF_SUBR_LINK_NTOP, {1, ptr(mac)}), "00:1b:21:aa:0b:ff");
  EXPECT_EQ(eval(call_difo(DIF_SUBR_INET_NTOP, {7, ptr(v4)}, true)).fault, (uint64_t)DTRACEFLT_ILLOP);
}

TEST(DifSubrMore, CopyoutWritesUserMemory) {
  static char target[16] = "..............";
  Difo d = call_difo(DIF_SUBR_COPYOUTSTR, {"hi!", ptr(target), 16}, false);
  Eval e = eval(d, {}, {{DTRACEOPT_DESTRUCTIVE, 1}});
  EXPECT_FALSE(e.faulted);
  EXPECT_STREQ(target, "hi!");
  EXPECT_EQ(eval(d).enable_err, -EPERM);  // not without -w
  Difo bad = call_difo(DIF_SUBR_COPYOUTSTR, {"x", 64, 16}, false);
  EXPECT_EQ(eval(bad, {}, {{DTRACEOPT_DESTRUCTIVE, 1}}).fault, (uint64_t)DTRACEFLT_BADADDR);
}

TEST(DifSubrMore, ProcessAndKernelObjects) {
  EXPECT_EQ(subr_u64(DIF_SUBR_PROGENYOF, {static_cast<uint64_t>(getppid())}), 1u);
  EXPECT_EQ(subr_u64(DIF_SUBR_PROGENYOF, {999999}), 0u);
  EXPECT_EQ(subr_u64(DIF_SUBR_GETF, {1}), 0x1001u);
  static uint64_t lockword = 0x1234;
  EXPECT_EQ(subr_u64(DIF_SUBR_MUTEX_OWNED, {ptr(&lockword)}), 1u);
  EXPECT_EQ(subr_u64(DIF_SUBR_MUTEX_OWNER, {ptr(&lockword)}), 0x1234u);
  EXPECT_EQ(subr_u64(DIF_SUBR_MUTEX_TYPE_ADAPTIVE, {ptr(&lockword)}), 1u);
  EXPECT_EQ(eval(call_difo(DIF_SUBR_MUTEX_OWNED, {8}, false)).fault, (uint64_t)DTRACEFLT_BADADDR);
  EXPECT_EQ(eval(call_difo(DIF_SUBR_D_PATH, {8}, true)).fault, (uint64_t)DTRACEFLT_BADADDR);
}

TEST(DifSubrMore, StacksAndRegisters) {
  Difo d;
  d.code = {ldgs(DIF_VAR_STACKDEPTH, 1), ret(1)};
  EXPECT_EQ(eval(d).u64(), 3u);  // the userspace port's fake stack
  d.code = {ldgs(DIF_VAR_USTACKDEPTH, 1), ret(1)};
  EXPECT_EQ(eval(d).u64(), 2u);
  d.code = {ldgs(DIF_VAR_UCALLER, 1), ret(1)};
  EXPECT_EQ(eval(d).u64(), 0x400001u);
  d.code = {setx(0, 1), DIF_INSTR_FMT(DIF_OP_LDGA, DIF_VAR_UREGS, 1, 2), ret(2)};
  d.ints = {3};
  EXPECT_EQ(eval(d).u64(), 1003u);
  d.ints = {21};
  EXPECT_EQ(eval(d).fault, (uint64_t)DTRACEFLT_BADINDEX);

  Harness h;
  pb b{};
  add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1,
             {{DTRACEACT_STACK, -1, 0, nullptr, 4}, {DTRACEACT_USTACK, -1, 0, nullptr, 3 | (16ull << 32)}});
  ASSERT_EQ(h.enable(b), 0) << h.res().msg;
  pb_free(&b);
  auto recs = h.recs(1);
  ASSERT_EQ(recs.size(), 2u);
  EXPECT_EQ(recs[0].dtrd_size, 32u);
  EXPECT_EQ(recs[1].dtrd_offset, 32u);
  EXPECT_EQ(recs[1].dtrd_size, 8u + 24 + 16);
  ASSERT_EQ(h.go(), 0);
  h.fire();
  auto r = h.snap(0);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].u64(0), 0xffffffff81000000ull);
  EXPECT_EQ(r[0].u64(16), 0xffffffff81000002ull);
  EXPECT_EQ(r[0].u64(24), 0u);  // unused frame
  EXPECT_EQ(r[0].u64(32), (uint64_t)getpid());
  EXPECT_EQ(r[0].u64(40), 0x400000u);
  EXPECT_EQ(r[0].u64(56), 0u);
}

TEST(DifSubrMore, DestructiveActions) {
  Harness h;
  pb b{};
  Difo sig;
  sig.code = {setx(0, 1), ret(1)};
  sig.ints = {SIGUSR1};
  sig.rtype = PB_INT(4);
  Difo ns = sig;
  ns.ints = {2000000};
  add_clause(&b, pb_probe(&b, "test", "", "", "fire"), -1,
             {{DTRACEACT_RAISE, (int)add_difo(&b, sig)},
              {DTRACEACT_CHILL, (int)add_difo(&b, ns)},
              {DTRACEACT_DIFEXPR, (int)add_difo(&b, sig)}});
  pb_option(&b, DTRACEOPT_DESTRUCTIVE, 1);
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  uint64_t t0 = dtrace_port_gethrtime();
  h.fire();
  EXPECT_GE(dtrace_port_gethrtime() - t0, 2000000u);
  EXPECT_EQ(dtrace_user_last_raise(), SIGUSR1);
  EXPECT_EQ(h.snap(0).size(), 1u);
}

}  // namespace
}  // namespace kcore
