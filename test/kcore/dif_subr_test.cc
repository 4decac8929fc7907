// DIF subroutines (kernel/core/dif_subr*.c, doc/dif.md §8).
#include <arpa/inet.h>

#include "subr_call.h"

namespace kcore {
namespace {

uint64_t fault_of(uint16_t subr, const std::vector<Arg>& args) {
  return eval(call_difo(subr, args, false)).fault;
}

TEST(DifSubr, Strlen) {
  EXPECT_EQ(subr_int(DIF_SUBR_STRLEN, {"hello"}), 5);
  EXPECT_EQ(subr_int(DIF_SUBR_STRLEN, {""}), 0);
  EXPECT_EQ(subr_int(DIF_SUBR_STRLEN, {std::string(300, 'x')}), 255);  // strsize - 1
}

TEST(DifSubr, Strjoin) {
  EXPECT_EQ(subr_str(DIF_SUBR_STRJOIN, {"foo", "bar"}), "foobar");
  EXPECT_EQ(subr_str(DIF_SUBR_STRJOIN, {"", ""}), "");
  EXPECT_EQ(subr_str(DIF_SUBR_STRJOIN, {std::string(200, 'a'), std::string(200, 'b')}).size(), 255u);
}

TEST(DifSubr, Substr) {
  EXPECT_EQ(subr_str(DIF_SUBR_SUBSTR, {"hello", 1}), "ello");
  EXPECT_EQ(subr_str(DIF_SUBR_SUBSTR, {"hello", 1, 3}), "ell");
  EXPECT_EQ(subr_str(DIF_SUBR_SUBSTR, {"hello", -2}), "lo");
  EXPECT_EQ(subr_str(DIF_SUBR_SUBSTR, {"hello", -7, 4}), "he");
  EXPECT_EQ(subr_str(DIF_SUBR_SUBSTR, {"hello", 5}), "");
  EXPECT_EQ(subr_str(DIF_SUBR_SUBSTR, {"hello", 9, 2}), "");
  EXPECT_EQ(subr_str(DIF_SUBR_SUBSTR, {"hello", 1, -1}), "ell");
  EXPECT_EQ(subr_str(DIF_SUBR_SUBSTR, {"hello", 0, 100}), "hello");
  // A length longer than the string, from before its start: what it
  // reaches of the string (DTrace's substr("foobarbazbop", -24, 13)).
  EXPECT_EQ(subr_str(DIF_SUBR_SUBSTR, {"foobarbazbop", -24, 13}), "f");
  EXPECT_EQ(subr_str(DIF_SUBR_SUBSTR, {"foobarbazbop", -24, 24}), "foobarbazbop");
  EXPECT_EQ(subr_str(DIF_SUBR_SUBSTR, {"foobarbazbop", -24, 12}), "");
  EXPECT_EQ(subr_str(DIF_SUBR_SUBSTR, {"hello", -9, INT64_MAX}), "hello");
  EXPECT_EQ(subr_str(DIF_SUBR_SUBSTR, {"hello", -9, INT64_MIN}), "");
  EXPECT_EQ(subr_str(DIF_SUBR_SUBSTR, {"hello", 2, INT64_MIN}), "");
}

TEST(DifSubr, Lltostr) {
  EXPECT_EQ(subr_str(DIF_SUBR_LLTOSTR, {int64_t{-1234}}), "-1234");
  EXPECT_EQ(subr_str(DIF_SUBR_LLTOSTR, {0}), "0");
  EXPECT_EQ(subr_str(DIF_SUBR_LLTOSTR, {INT64_MIN}), "-9223372036854775808");
  EXPECT_EQ(subr_str(DIF_SUBR_LLTOSTR, {255, 16}), "0xff");
  EXPECT_EQ(subr_str(DIF_SUBR_LLTOSTR, {0, 16}), "0x0");
  EXPECT_EQ(subr_str(DIF_SUBR_LLTOSTR, {8, 8}), "010");
  EXPECT_EQ(subr_str(DIF_SUBR_LLTOSTR, {5, 2}), "101");
  EXPECT_EQ(subr_str(DIF_SUBR_LLTOSTR, {35, 36}), "z");
  EXPECT_EQ(fault_of(DIF_SUBR_LLTOSTR, {5, 1}), (uint64_t)DTRACEFLT_ILLOP);
  EXPECT_EQ(fault_of(DIF_SUBR_LLTOSTR, {5, 37}), (uint64_t)DTRACEFLT_ILLOP);
}

TEST(DifSubr, CaseConversion) {
  EXPECT_EQ(subr_str(DIF_SUBR_TOUPPER, {"Hello, World 42"}), "HELLO, WORLD 42");
  EXPECT_EQ(subr_str(DIF_SUBR_TOLOWER, {"Hello, World 42"}), "hello, world 42");
}

TEST(DifSubr, Searching) {
  EXPECT_EQ(subr_str(DIF_SUBR_STRCHR, {"a/b/c", '/'}), "/b/c");
  EXPECT_EQ(subr_str(DIF_SUBR_STRRCHR, {"a/b/c", '/'}), "/c");
  EXPECT_EQ(subr_int(DIF_SUBR_STRCHR, {"abc", 'z'}), 0);  // NULL
  EXPECT_EQ(subr_str(DIF_SUBR_STRSTR, {"hello world", "o w"}), "o world");
  EXPECT_EQ(subr_int(DIF_SUBR_STRSTR, {"hello", "xyz"}), 0);
  EXPECT_EQ(subr_str(DIF_SUBR_STRSTR, {"aaab", "aab"}), "aab");
  EXPECT_EQ(subr_int(DIF_SUBR_INDEX, {"hello hello", "llo"}), 2);
  EXPECT_EQ(subr_int(DIF_SUBR_INDEX, {"hello hello", "llo", 3}), 8);
  EXPECT_EQ(subr_int(DIF_SUBR_INDEX, {"hello", "z"}), -1);
  EXPECT_EQ(subr_int(DIF_SUBR_INDEX, {"hello", ""}), 0);
  EXPECT_EQ(subr_int(DIF_SUBR_RINDEX, {"hello hello", "llo"}), 8);
  EXPECT_EQ(subr_int(DIF_SUBR_RINDEX, {"hello hello", "llo", 7}), 2);
  EXPECT_EQ(subr_int(DIF_SUBR_RINDEX, {"hello", "z"}), -1);
  EXPECT_EQ(subr_int(DIF_SUBR_RINDEX, {"abababab", "abab"}), 4);
}

// A start outside the string is clamped to it (Perl's index and rindex,
// which Oracle's tst.index compares with): an empty substring is found
// there, another is not.
TEST(DifSubr, IndexStartOutsideTheString) {
  EXPECT_EQ(subr_int(DIF_SUBR_INDEX, {"foobar", "", 400}), 6);
  EXPECT_EQ(subr_int(DIF_SUBR_INDEX, {"foobar", "", 7}), 6);
  EXPECT_EQ(subr_int(DIF_SUBR_INDEX, {"", "", 1}), 0);
  EXPECT_EQ(subr_int(DIF_SUBR_INDEX, {"foobar", "bar", 7}), -1);
  EXPECT_EQ(subr_int(DIF_SUBR_INDEX, {"foobar", "foo", -400}), 0);
  EXPECT_EQ(subr_int(DIF_SUBR_RINDEX, {"foobar", "", -1}), 0);
  EXPECT_EQ(subr_int(DIF_SUBR_RINDEX, {"", "", -400}), 0);
  EXPECT_EQ(subr_int(DIF_SUBR_RINDEX, {"foofoofoo", "foo", -1}), -1);
  EXPECT_EQ(subr_int(DIF_SUBR_RINDEX, {"foofoofoo", "foo", 400}), 6);
  EXPECT_EQ(subr_int(DIF_SUBR_RINDEX, {"foobar", "", 3}), 3);
}

// rd = subr(...) count times in one DIFO, returning the first result:
// scratch holds only each result's words (doc/dif.md §8).
Difo repeated_call(uint16_t subr, const std::vector<Arg>& args, int count) {
  Difo one = call_difo(subr, args, true);
  Difo d = one;
  d.code.clear();
  size_t nset = args.size();
  d.code.insert(d.code.end(), one.code.begin(), one.code.begin() + (long)nset);
  for (int i = 0; i < count; i++) {
    d.code.push_back(DIF_INSTR_FMT(DIF_OP_FLUSHTS, 0, 0, 0));
    d.code.insert(d.code.end(), one.code.begin() + (long)nset, one.code.end() - 1);  // pushes, call
    if (i == 0) d.code.push_back(op3(DIF_OP_MOV, 10, 0, 11));
  }
  d.code.push_back(ret(11));
  return d;
}

TEST(DifSubr, StringResultsKeepOnlyTheirWords) {
  // 40 results of strsize (256) each would need 10 KiB; scratch is
  // scratchsize (256) and eight strings.
  Eval e = eval(repeated_call(DIF_SUBR_SUBSTR, {"hello", 1}, 40));
  EXPECT_FALSE(e.faulted) << e.fault;
  EXPECT_EQ(e.str(), "ello");
  e = eval(repeated_call(DIF_SUBR_STRJOIN, {"ab", "cd"}, 40));
  EXPECT_FALSE(e.faulted) << e.fault;
  EXPECT_EQ(e.str(), "abcd");
  // strstr's copy of its pattern and its table are given back.
  e = eval(repeated_call(DIF_SUBR_STRSTR, {"foobarbaz", "bar"}, 40));
  EXPECT_FALSE(e.faulted) << e.fault;
  EXPECT_EQ(e.str(), "barbaz");
}

// NULL compares as "" (scmp): rd = 1 when r1 == r2 as strings, else 2.
Difo null_compare(bool null_first, const char* other) {
  Difo d;
  d.strtab = std::string(other) + '\0';
  d.ints = {0, 1, 2};
  uint8_t a = null_first ? 1 : 2, b = null_first ? 2 : 1;
  d.code = {setx(0, a), sets(0, b), op3(DIF_OP_SCMP, 1, 2, 0), br(DIF_OP_BNE, 6), setx(1, 3), ret(3),
            setx(2, 3), ret(3)};
  d.rtype = PB_INT(8);
  return d;
}

TEST(DifSubr, NullComparesAsTheEmptyString) {
  for (bool first : {true, false}) {
    Eval e = eval(null_compare(first, ""));
    EXPECT_FALSE(e.faulted) << e.fault;
    EXPECT_EQ(e.u64(), 1u);
    e = eval(null_compare(first, "x"));
    EXPECT_FALSE(e.faulted) << e.fault;
    EXPECT_EQ(e.u64(), 2u);
  }
}

TEST(DifSubr, Paths) {
  expect_str_of(DIF_SUBR_BASENAME,
                {{"/usr/bin/ls", "ls"}, {"/usr/bin/", "bin"}, {"ls", "ls"}, {"/", "/"}, {"", "."}});
  expect_str_of(DIF_SUBR_DIRNAME, {{"/usr/bin/ls", "/usr/bin"},
                                   {"/usr/bin/", "/usr"},
                                   {"/x", "/"},
                                   {"ls", "."},
                                   {"/", "/"},
                                   {"a//b", "a"}});
}

TEST(DifSubr, Strtoll) {
  EXPECT_EQ(subr_int(DIF_SUBR_STRTOLL, {"1234"}), 1234);
  EXPECT_EQ(subr_int(DIF_SUBR_STRTOLL, {"  -42xyz"}), -42);
  EXPECT_EQ(subr_int(DIF_SUBR_STRTOLL, {"ff", 16}), 255);
  EXPECT_EQ(subr_int(DIF_SUBR_STRTOLL, {"0x1f", 0}), 31);
  EXPECT_EQ(subr_int(DIF_SUBR_STRTOLL, {"017", 0}), 15);
  EXPECT_EQ(subr_int(DIF_SUBR_STRTOLL, {"z", 36}), 35);
  EXPECT_EQ(fault_of(DIF_SUBR_STRTOLL, {"1", 37}), (uint64_t)DTRACEFLT_ILLOP);
}

TEST(DifSubr, ByteOrder) {
  EXPECT_EQ(subr_int(DIF_SUBR_HTONS, {0x1234}), htons(0x1234));
  EXPECT_EQ(subr_int(DIF_SUBR_NTOHL, {0x12345678}), (int64_t)ntohl(0x12345678));
  EXPECT_EQ((uint64_t)subr_int(DIF_SUBR_HTONLL, {uint64_t{0x0102030405060708}}), 0x0807060504030201ull);
}

TEST(DifSubr, DeviceNumbers) {
  EXPECT_EQ(subr_int(DIF_SUBR_GETMAJOR, {(8 << 20) | 3}), 8);
  EXPECT_EQ(subr_int(DIF_SUBR_GETMINOR, {(8 << 20) | 3}), 3);
}

TEST(DifSubr, RandVaries) {
  Harness h;
  pb b{};
  uint32_t p = pb_probe(&b, "test", "", "", "fire");
  add_clause(&b, p, -1, {{DTRACEACT_DIFEXPR, (int)add_difo(&b, call_difo(DIF_SUBR_RAND, {}, false))}});
  ASSERT_EQ(h.start(b), 0) << h.res().msg;
  for (int i = 0; i < 4; i++) h.fire();
  auto r = h.snap(0);
  ASSERT_EQ(r.size(), 4u);
  EXPECT_NE(r[0].u64(0), r[1].u64(0));
  EXPECT_NE(r[1].u64(0), r[2].u64(0));
  for (auto& rec : r) EXPECT_LT(rec.u64(0), 1ull << 31);
}

char user_text[] = "user text";

TEST(DifSubr, CopyinAndCopyinstr) {
  uint64_t a = reinterpret_cast<uintptr_t>(user_text);
  EXPECT_EQ(subr_str(DIF_SUBR_COPYINSTR, {a}), "user text");
  EXPECT_EQ(subr_str(DIF_SUBR_COPYINSTR, {a, 4}), "user");
  Difo d = call_difo(DIF_SUBR_COPYIN, {a, 4}, false);  // returns the scratch copy
  d.code.pop_back();
  d.code.push_back(op3(DIF_OP_LDUW, 10, 0, 11));
  d.code.push_back(ret(11));
  uint32_t w;
  std::memcpy(&w, user_text, 4);
  EXPECT_EQ(eval(d).u64(), w);
  EXPECT_EQ(fault_of(DIF_SUBR_COPYINSTR, {uint64_t{16}}), (uint64_t)DTRACEFLT_BADADDR);
  EXPECT_EQ(fault_of(DIF_SUBR_COPYIN, {a, uint64_t{1} << 30}), (uint64_t)DTRACEFLT_BADSIZE);
}

char user_argv[] = "ls\0-l\0/tmp";  // argv as the kernel keeps it, with the final NUL

TEST(DifSubr, CopyinargsJoinsArgvWithSpaces) {
  uint64_t a = reinterpret_cast<uintptr_t>(user_argv);
  EXPECT_EQ(subr_str(DIF_SUBR_COPYINARGS, {a, uint64_t{sizeof user_argv}}), "ls -l /tmp");
  EXPECT_EQ(subr_str(DIF_SUBR_COPYINARGS, {a, uint64_t{4}}), "ls -");
  EXPECT_EQ(subr_str(DIF_SUBR_COPYINARGS, {a, uint64_t{0}}), "");
  EXPECT_EQ(fault_of(DIF_SUBR_COPYINARGS, {uint64_t{16}, uint64_t{8}}), (uint64_t)DTRACEFLT_BADADDR);
}

TEST(DifSubr, AllocaAndBcopy) {
  // p = alloca(8); bcopy(user_text, p, 8); ldx p
  Difo d;
  d.ints = {8, reinterpret_cast<uintptr_t>(user_text)};
  d.code = {setx(0, 1),
            pushtv(1),
            call(DIF_SUBR_ALLOCA, 2),
            setx(1, 3),
            pushtv(3),
            pushtv(2),
            pushtv(1),
            call(DIF_SUBR_BCOPY, 4),
            op3(DIF_OP_LDX, 2, 0, 5),
            ret(5)};
  uint64_t w;
  std::memcpy(&w, user_text, 8);
  EXPECT_EQ(eval(d).u64(), w);
  // bcopy to a destination outside scratch faults, an invalid address as in DTrace.
  d.code[5] = pushtv(3);
  EXPECT_EQ(eval(d).fault, (uint64_t)DTRACEFLT_BADADDR);
}

TEST(DifSubr, AllocaBeyondScratchIsOutOfScratch) {
  EXPECT_EQ(fault_of(DIF_SUBR_ALLOCA, {uint64_t{1} << 30}), (uint64_t)DTRACEFLT_NOSCRATCH);
  EXPECT_EQ(fault_of(DIF_SUBR_ALLOCA, {~uint64_t{0}}), (uint64_t)DTRACEFLT_NOSCRATCH);
}

TEST(DifSubr, WrongArgumentCountFaults) {
  EXPECT_EQ(fault_of(DIF_SUBR_STRJOIN, {"a"}), (uint64_t)DTRACEFLT_ILLOP);
  EXPECT_EQ(fault_of(DIF_SUBR_STRLEN, {}), (uint64_t)DTRACEFLT_ILLOP);
}

TEST(DifSubr, BadStringArgumentsFault) {
  Eval e = eval(call_difo(DIF_SUBR_STRLEN, {uint64_t{8}}, false));
  EXPECT_EQ(e.fault, (uint64_t)DTRACEFLT_BADADDR);
  EXPECT_EQ(e.addr, 8u);
}

}  // namespace
}  // namespace kcore
