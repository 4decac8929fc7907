// DIF translated to BPF gives what the module's interpreter gives, for
// every construct the translator covers (doc/bpf.md), over argument sets
// that reach the edges: zero, -1, INT64_MIN, shift counts past 63,
// division by zero, INT64_MIN / -1.
#include <cstdint>

#include "compare.h"

namespace dtrace::bpf::testing {
namespace {

constexpr uint64_t kMin = 1ull << 63;
constexpr uint64_t kMax = kMin - 1;
constexpr uint64_t neg(uint64_t v) { return 0 - v; }

const std::vector<Args> kArgs = {
    {0, 0, 0},           {1, 0, 5},           {7, 3, neg(2)},
    {neg(7), 2, 63},     {kMin, neg(1), 64},  {0x123456789abcdef0, 65, neg(1)},
    {neg(1), neg(1), 1}, {5, neg(3), 0x8000}, {2, kMax, 3},
    {kMax, kMin, 127},
};

class Translate : public ::testing::TestWithParam<const char*> {};

TEST_P(Translate, AgreesWithTheInterpreter) {
  SKIP_WITHOUT_BPF();
  expect_same(GetParam(), kArgs);
}

// Integer arithmetic, bitwise operations and shifts.
INSTANTIATE_TEST_SUITE_P(Alu, Translate,
                         ::testing::Values("trace(arg0 + arg1);", "trace(arg0 - arg1);",
                                           "trace(arg0 * arg1);", "trace(arg0 & arg1);",
                                           "trace(arg0 | arg1);", "trace(arg0 ^ arg1);", "trace(~arg0);",
                                           "trace(-arg0);", "trace(arg0 << arg2);", "trace(arg0 >> arg2);",
                                           "trace((uint64_t)arg0 >> arg2);",
                                           "trace(arg0 * 0x123456789 + 77);",
                                           "trace((arg0 + 1) * (arg1 - 2) ^ arg2);"));

// Division and remainder: signed and unsigned, by zero (DIVZERO), and
// INT64_MIN / -1.
INSTANTIATE_TEST_SUITE_P(Divide, Translate,
                         ::testing::Values("trace(arg0 / arg1);", "trace(arg0 % arg1);",
                                           "trace((uint64_t)arg0 / (uint64_t)arg1);",
                                           "trace((uint64_t)arg0 % (uint64_t)arg1);",
                                           "trace(arg0 / 7 - arg1 % 5);", "trace(1000000007 % (arg1 | 1));",
                                           "trace(arg2 + arg0 / arg2);"));

// Comparisons, branches and the logical operators (forward branches).
INSTANTIATE_TEST_SUITE_P(
    Compare, Translate,
    ::testing::Values("trace(arg0 == arg1);", "trace(arg0 != arg1);", "trace(arg0 < arg1);",
                      "trace(arg0 <= arg1);", "trace(arg0 > arg1);", "trace(arg0 >= arg1);",
                      "trace((uint64_t)arg0 < (uint64_t)arg1);", "trace((uint64_t)arg0 <= (uint64_t)arg1);",
                      "trace((uint64_t)arg0 > (uint64_t)arg1);", "trace((uint64_t)arg0 >= (uint64_t)arg1);",
                      "trace(arg0 > arg1 ? arg0 : arg1);", "trace(arg0 < 0 ? -arg0 : arg0);", "trace(!arg0);",
                      "trace(arg0 && arg1);", "trace(arg0 || arg2);", "trace(arg0 ^^ arg1);",
                      "trace(arg0 == arg1 || arg2 != 0 && arg0 > arg2);",
                      "trace(arg0 > 0 ? (arg1 > 0 ? 1 : 2) : (arg2 > 0 ? 3 : 4));"));

// Casts to narrower types (the compiler's shifts and masks) and results
// narrower than 64 bits.
INSTANTIATE_TEST_SUITE_P(Casts, Translate,
                         ::testing::Values("trace((int)arg0);", "trace((char)arg0 + (short)arg1);",
                                           "trace((unsigned char)arg0);", "trace((uint32_t)arg0 * 3);",
                                           "trace((int)(arg0 >> 3));", "trace((uint16_t)arg1 == 0xffff);"));

// Global scalar variables: stored, read back, and read before any store (0).
INSTANTIATE_TEST_SUITE_P(Globals, Translate,
                         ::testing::Values("trace((x = arg0 * 3, x + arg1));",
                                           "trace((x = arg0, y = arg1, x > y ? x - y : y - x));",
                                           "trace((x = arg0 / arg1, x));"));

// Clause-local variables: zero at each firing, kept within it.
INSTANTIATE_TEST_SUITE_P(
    Locals, Translate,
    ::testing::Values(
        "trace((this->x = arg0 * 2, this->y = arg1, this->x - this->y));",
        "trace((this->n = arg2, this->n = this->n + 1, this->n * 10 + arg2));",
        "trace((this->c = (char)arg0, this->c));", "trace((this->x = arg0 / arg1, x = this->x, x));",
        "trace((this->s = arg0 & 1 ? \"abc\" : \"de\", strlen(this->s) * 10 + (this->s == \"abc\")));",
        "trace((this->s = strjoin(arg1 & 1 ? \"x\" : \"yz\", \"w\"), this->t = this->s, "
        "strlen(this->t) + (this->s == NULL)));"));

// Thread-locals and associative arrays of integer keys, kept from one
// firing to the next; storing 0 deletes (read back as 0).
INSTANTIATE_TEST_SUITE_P(
    Dynamic, Translate,
    ::testing::Values(
        "trace((a[arg0, arg1] = arg2, a[arg0, arg1] * 3 + a[arg1, arg0]));",
        "trace((self->t[arg0 & 3] = arg1, self->t[1] + self->t[2] + self->t[3]));",
        "trace((b[(char)arg0] = arg1 & 1, c[(uint16_t)arg1] = 2, b[(char)arg0] + c[0xffff]));"));

// String comparisons (scmp): equal, ordered by unsigned bytes, the
// empty string, a prefix, execname (the test's name in both).
INSTANTIATE_TEST_SUITE_P(
    Strings, Translate,
    ::testing::Values(
        "trace((arg0 & 1 ? \"abc\" : \"abd\") == \"abc\");",
        "trace((arg0 & 1 ? \"abc\" : \"abd\") < (arg1 & 1 ? \"ab\" : \"abd\"));",
        "trace((arg0 & 2 ? \"\" : \"a\") >= (arg2 & 1 ? \"\" : \"b\"));",
        "trace(\"zz\" > (arg2 & 1 ? \"\\377\" : \"zy\"));",
        "trace((arg1 & 1 ? \"0123456789abcdefX\" : \"0123456789abcdefY\") <= \"0123456789abcdefX\");",
        "trace(execname == \"bpf_tests\" ? arg0 : arg1);",
        "trace(strlen(arg0 & 1 ? \"abc\" : \"\") + strlen(execname));",
        "trace((a[arg0 & 1 ? \"x\" : \"y\"] = arg1, a[\"x\"] - a[\"y\"]));",
        "trace((g = arg0 & 1 ? \"abc\" : \"de\", strlen(g) + (g == \"abc\")));",
        "trace((k[arg1, arg0 & 1 ? \"ab\" : \"\"] = arg2 + 1, k[arg1, \"\"] * 2 + k[arg1, \"ab\"]));"));

// Scratch (alloca(), stores into it) and the subroutines without
// memory: the module's scratch area (scratchsize 256 and eight strings:
// 2368 bytes) taken as it takes it, NOSCRATCH past it, a store outside
// it BADADDR.
INSTANTIATE_TEST_SUITE_P(
    Scratch, Translate,
    ::testing::Values(
        "trace((this->p = (int *)alloca(16), this->p[arg0 & 3] = arg1, this->p[0] + this->p[1] * 3 + "
        "this->p[3]));",
        "trace((this->p = (char *)alloca(arg2 & 0xfff), this->q = (long *)alloca(arg0 & 0xfff), *this->q));",
        "trace((this->p = (short *)alloca(2), *this->p = arg1, this->q = (long *)alloca(8), *this->q = arg0, "
        "*this->p + *this->q));",
        "trace((this->p = (char *)alloca(3), this->p[arg2 & 1] = 1, this->p[1]));",
        "trace((this->q = (int *)arg1, *this->q = 1, 2));",
        "trace(htons(arg0) + htonl(arg1) * 3 + (htonll(arg2) ^ ntohs(arg1)));",
        "trace(rand() >= 0 && rand() < 0x80000000 ? arg0 : arg1);"));

// String subroutines: results in scratch compared and measured (their
// addresses differ), their arguments' edges (indexes and lengths from
// INT64_MIN to INT64_MAX, bases out of range: ILLOP).
INSTANTIATE_TEST_SUITE_P(
    StringSubrs, Translate,
    ::testing::Values(
        "trace(strlen(strjoin(arg0 & 1 ? \"abc\" : \"\", arg1 & 1 ? \"de\" : \"fghij\")));",
        "trace(strjoin(\"ab\", arg0 & 1 ? \"c\" : \"\") == \"abc\");",
        "trace(strlen(substr(\"0123456789\", arg0, arg1)) * 100 + strlen(substr(\"0123456789\", arg2)));",
        "trace(strlen(substr(\"0123456789\", arg2, arg0)) * 100 + strlen(substr(\"0123456789\", arg1, "
        "arg2)));",
        "trace(substr(\"abcdef\", arg2 % 7, 2) == \"cd\" || substr(\"abcdef\", arg2 % 7, 2) == \"ef\");",
        "trace(strlen(lltostr(arg0, arg1)));",
        "trace(strlen(lltostr(arg0, (arg2 & 31) + 2)) * 10 + strlen(lltostr(arg1)));",
        "trace(lltostr(arg0) == \"-7\" || lltostr(arg0, 16) == \"0x0\" || lltostr(arg0, 8) == \"07\");",
        "trace(toupper(arg0 & 1 ? \"aBc1{\" : \"\") == \"ABC1{\" && tolower(\"aBc@Z\") == \"abc@z\");",
        "trace(strchr(\"key=value\", arg0) != NULL ? strlen(strchr(\"key=value\", arg0)) : 99);",
        "trace(strrchr(\"a.b.c\", arg1 & 1 ? '.' : arg0) != NULL ? strlen(strrchr(\"a.b.c\", arg0)) : 99);",
        // Substring search (KMP in loops without branches on the data):
        // overlapping and repeated patterns, empty ones, starts from
        // INT64_MIN to INT64_MAX clamped as the module's index_().
        "trace(strstr(\"hello world\", arg0 & 1 ? \"o w\" : \"xyz\") == NULL ? 99 : "
        "strlen(strstr(\"hello world\", arg1 & 1 ? \"o w\" : \"lo\")));",
        "trace(strlen(strstr(\"abc\", arg0 & 1 ? \"\" : \"c\")) * 10 + (strstr(\"\", \"a\") == NULL));",
        "trace(index(\"abcabcabd\", \"cab\", arg0) * 100 + index(\"aaaa\", \"aa\", arg1 & 3) * 10 + "
        "index(\"abababc\", \"ababc\"));",
        "trace(rindex(\"abcabcab\", \"ab\", arg0) * 100 + rindex(\"aaaa\", \"aa\", arg2 & 7) * 10 + "
        "rindex(\"aabaabaab\", \"aabaab\"));",
        "trace(index(\"ab\", arg0 & 1 ? \"\" : \"b\", arg1) * 1000 + rindex(\"ab\", arg2 & 1 ? \"\" : "
        "\"a\", arg0) * 10 + index(\"ab\", \"abc\"));",
        "trace(rindex(\"mississippi\", arg0 & 1 ? \"issi\" : \"ss\", arg2 % 12) * 100 + "
        "index(\"mississippi\", arg1 & 1 ? \"issip\" : \"pi\", arg2 % 12));",
        // strtok(): the position kept within the firing, a token ending
        // the string leaving it at the NUL (then NULL, then BADADDR at 0).
        "trace(strlen(strtok(arg0 & 1 ? \"a,b::c\" : \",:ab\", \",:\")) * 100 + strlen(strtok(NULL, \":\")) "
        "* 10 + "
        "(strtok(NULL, arg1 & 1 ? \":\" : \"\") == NULL));",
        "trace((strtok(arg0 & 1 ? \",,,\" : \"x\", \",\") == NULL) + (strtok(NULL, \",\") == NULL) * 2);",
        "trace(strtok(\"k=v\", arg2 & 1 ? \"=\" : \"\") == \"k\" && strtok(NULL, \"\") == \"v\");"));

// The current task's ids, through helpers (the test runs in the task
// both ask about).
INSTANTIATE_TEST_SUITE_P(Task, Translate,
                         ::testing::Values("trace(pid);", "trace(tid);", "trace(uid);", "trace(gid);",
                                           "trace(ppid);", "trace(errno);", "trace(euid);", "trace(egid);",
                                           "trace(pgid);", "trace(sid);", "trace(zonename == \"global\");",
                                           "trace(pid == tid ? arg0 : arg1);",
                                           "trace((x = tid, x + pid * 2));", "trace(args[arg2 & 15]);",
                                           "trace(args[0] + args[5] * 2 + args[9]);"));

// Loads from the task's user memory (userland pointers): this test's
// own data, which the interpreter's port and bpf_probe_read_user both
// read, and addresses that fault BADADDR (unmapped, kernel, wrapping).
const uint8_t kData[24] = {0x81, 0x92, 0xa3, 0xb4, 0xc5, 0xd6, 0xe7, 0xf8, 1,    2,    3,    4,
                           5,    6,    7,    8,    0x7f, 0xff, 0x80, 0x00, 0x01, 0x00, 0x00, 0x80};

std::vector<Args> user_addresses() {
  auto at = [](size_t off) { return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(kData + off)); };
  return {{at(0), 1},  {at(3), 0}, {at(8), 2}, {at(16), neg(1)},
          {at(13), 5}, {8, 1},     {0, 0},     {0xffffffff81000000, 1},
          {neg(2), 3}};
}

class TranslateUser : public ::testing::TestWithParam<const char*> {};

TEST_P(TranslateUser, AgreesWithTheInterpreter) {
  SKIP_WITHOUT_BPF();
  expect_same(GetParam(), user_addresses());
}

INSTANTIATE_TEST_SUITE_P(
    Loads, TranslateUser,
    ::testing::Values(
        "trace(*(userland char *)arg0);", "trace(*(userland char *)arg0 * 1000);",
        "trace(*(userland unsigned char *)arg0);",
        "trace(*(userland short *)arg0 + *(userland uint16_t *)arg0);", "trace(*(userland int *)arg0);",
        "trace(*(userland uint32_t *)arg0);", "trace(*(userland int64_t *)arg0 ^ arg1);",
        "trace(arg1 > 0 ? *(userland long *)(arg0 + 8) : arg1);", "trace(strlen(copyinstr(arg0)));",
        "trace(strlen(copyinstr(arg0, arg1)));", "trace(copyinstr(arg0, arg1) == copyinstr(arg0 + 1, arg1));",
        "trace(*(int *)copyin(arg0, 4) + *(char *)copyin(arg0, arg1 & 0x1fff));",
        "trace((this->p = (char *)alloca(8), copyinto(arg0, 4, this->p), *(int *)this->p));",
        "trace((this->p = (char *)alloca(8), copyinto(arg0, arg1 & 7, this->p), *(int *)this->p));",
        "trace((this->p = (char *)alloca(2368 - 8 * (arg1 & 7)), "
        "copyinstr(arg0, 3) == copyinstr(arg0 + 2)));"));

// Kernel loads of addresses that fault in both: unmapped, wrapping. (A
// readable kernel address is the task's own, bpf_builtin_test.cc: the
// interpreter's userspace build reads its process for kernel loads.)
std::vector<Args> bad_kernel_addresses() { return {{0, 1}, {8, 0}, {0x1000, 2}, {neg(2), 3}, {neg(9), 4}}; }

class TranslateKernel : public ::testing::TestWithParam<const char*> {};

TEST_P(TranslateKernel, AgreesWithTheInterpreter) {
  SKIP_WITHOUT_BPF();
  expect_same(GetParam(), bad_kernel_addresses());
}

INSTANTIATE_TEST_SUITE_P(
    Loads, TranslateKernel,
    ::testing::Values("trace(*(char *)arg0);", "trace(*(unsigned char *)arg0);", "trace(*(short *)arg0);",
                      "trace(*(uint16_t *)arg0);", "trace(*(int *)arg0);", "trace(*(uint32_t *)arg0);",
                      "trace(*(int64_t *)arg0 + arg1);", "trace(arg1 > 2 ? *(long *)(arg0 + 8) : arg1);",
                      "trace(stringof(arg0) == \"ab\");", "trace(\"ab\" < stringof(arg0));",
                      "trace(strlen(stringof(arg0)));", "trace((z[stringof(arg0)] = 1, 2));",
                      "trace((this->p = (char *)alloca(8), bcopy((void *)arg0, this->p, arg1 & 3), "
                      "*(int *)this->p));",
                      "trace(strlen(strjoin(\"x\", stringof(arg0))));",
                      "trace(strlen(toupper(stringof(arg0))));",
                      "trace(strchr(stringof(arg0), 'a') == NULL);",
                      "trace(strlen(substr(stringof(arg0), 1)));", "trace(index(stringof(arg0), \"a\"));",
                      "trace(strtok(stringof(arg0), \",\") == NULL);",
                      "trace(strstr(\"ab\", stringof(arg0)) == NULL);"));

// Variables read before they are stored (declared first): 0, then what
// the last firing stored; globals in their map as in the state, dynamic
// variables in theirs.
struct Declared {
  const char* stmts;
  const char* decls;
};

class TranslateDeclared : public ::testing::TestWithParam<Declared> {};

TEST_P(TranslateDeclared, CarryOverBetweenFirings) {
  SKIP_WITHOUT_BPF();
  expect_same(GetParam().stmts, kArgs, GetParam().decls);
}

INSTANTIATE_TEST_SUITE_P(
    Vars, TranslateDeclared,
    ::testing::Values(
        Declared{"trace((n = n + 1, total = total + arg0, total * 100 + n));", "int64_t n, total;"},
        Declared{"trace((last = prev, prev = arg0, last));", "uint64_t last, prev;"},
        Declared{"trace((self->x = self->x + arg0, self->x));", "self int64_t x;"},
        Declared{"trace((a[arg0] = a[arg0] + 1, a[arg0]));", "int64_t a[int64_t];"},
        Declared{"trace((self->n[execname] = self->n[execname] + arg0, self->n[\"bpf_tests\"]));",
                 "self int64_t n[string];"},
        Declared{"trace((t = s, s = arg0 & 1 ? \"x\" : execname, strlen(t) * 100 + strlen(s)));",
                 "string s, t;"},
        Declared{
            "trace((self->s = arg0 & 1 ? \"ab\" : execname, strlen(self->s) * 10 + (v[arg1 & 1] == NULL)));",
            "self string s; string v[int];"},
        Declared{
            "trace((v[arg0 & 1] = arg1 & 1 ? \"xyz\" : \"\", strlen(v[1]) + (a[arg2 & 1] == 0 ? 10 : 20)));",
            "string v[int]; int64_t a[int64_t];"},
        Declared{"trace((x = strlen(this->s), this->s = arg0 & 1 ? \"ab\" : execname, x * 100 + "
                 "strlen(this->s)));",
                 "this string s; int64_t x;"},
        Declared{"trace((self->y = arg2 > 0 ? arg0 : 0, self->y + a[1]));",
                 "self int64_t y; int64_t a[int64_t];"}));

// By-reference globals (translate_refs.cc): members stored and read,
// a structure copied by assignment, an array indexed past its end (the
// compiler's bounds check gives address 0: BADADDR at 0), a pointer to
// an element stored through, and a copy from an address that cannot be
// read, which leaves the variable as it was (read back the next firing).
INSTANTIATE_TEST_SUITE_P(
    RefGlobals, TranslateDeclared,
    ::testing::Values(
        Declared{"trace((g.x = arg0, g.y = g.y + arg1, h = g, h.y = h.y * 2, h.x * 1000 + h.y + g.y));",
                 "struct box { int x; int y; }; struct box g, h;"},
        Declared{"trace((a[arg2 & 7] = arg0, p = &a[1], *p = p[1] + arg1, a[0] + a[1] * 10 + a[4] * 100));",
                 "int a[5]; int *p;"},
        Declared{"trace((r = h.x * 100 + g.x, g.x = g.x + 1, h = *((arg1 & 1) == 0 ? (struct box *)&g.x : "
                 "(struct box *)arg0), r));",
                 "struct box { int x; int y; }; struct box g, h; int r;"},
        Declared{"trace((c[arg0 & 3] = arg1, s.b[arg2 & 1] = c[arg1 & 3], s.b[0] * 256 + s.b[1] + c[1]));",
                 "char c[3]; struct { short a; char b[2]; } s;"}));

// By-reference dynamic variables and clause-locals (translate_refs.cc):
// thread-locals and associative arrays of structures and arrays, read
// before stored (0: the compiler reads its zeros for an absent one),
// their members stored and read, copied by assignment to and from
// globals, deleted by a copy from address 0 (the module's store of 0)
// and left as they were by a copy from an address that cannot be read
// (BADADDR), a string member stored by copys, a pointer to an element
// stored through; this-> structures and arrays zero at each firing.
INSTANTIATE_TEST_SUITE_P(
    RefDynamic, TranslateDeclared,
    ::testing::Values(
        Declared{
            "trace((r = self->g.x * 100 + self->g.y, self->g.x = arg0, self->g.y = self->g.y + arg1, "
            "self->h = self->g, self->h.y = self->h.y * 2, r * 1000000 + self->h.x * 1000 + self->h.y));",
            "struct box { int x; int y; }; self struct box g, h; int64_t r;"},
        Declared{"trace((b[arg2 & 3].x = arg0, b[arg2 & 3].y++, c = b[1], b[arg0 & 3] = c, "
                 "b[0].y * 1000 + b[1].x * 100 + b[2].y * 10 + c.y + b[arg1].y));",
                 "struct box { int x; int y; }; struct box b[int64_t]; struct box c;"},
        Declared{"trace((r = self->g.y, self->g.y = arg1, self->g = *(struct box *)((arg0 & 1) == 0 ? 0 : "
                 "arg0 & 8), "
                 "r * 1000 + self->g.y));",
                 "struct box { int x; int y; }; self struct box g; int64_t r;"},
        Declared{"trace((self->a[arg0 & 3] = arg1, p = &self->a[1], *p = *p + 1, "
                 "self->a[0] + self->a[1] * 10 + self->a[3] * 100 + k[arg2, arg0][2]));",
                 "self int a[4]; int *p; char k[int, int][3];"},
        Declared{"trace((i[arg0 & 1].name = arg1 & 1 ? \"ab\" : execname, i[arg0 & 1].n = arg2, "
                 "strlen(i[0].name) * 100 + strlen(i[1].name) * 10 + i[1].n));",
                 "struct info { string name; int n; }; struct info i[int];"},
        Declared{
            "trace((r = this->c.calls + this->l[0], this->c.ts = arg0, this->c.calls = this->c.ts + 1, "
            "this->l[arg1 & 1] = 9, this->d = this->c, r * 1000 + this->d.calls + this->l[1] * 10));",
            "struct ci { uint64_t ts; uint64_t calls; }; this struct ci c, d; this int l[2]; int64_t r;"},
        // structures and unions as keys (by reference: their bytes), one
        // with a string; a key read from an unreadable address faults
        // BADADDR at it where the key is used
        Declared{
            "trace((k.x = arg0, k.y = arg1 & 1, m[k] += 1, u.w = arg2, self->n[u, \"s\"] += 2, "
            "r = (arg2 & 1) != 0 ? m[*(struct box *)arg0] : m[k], m[k] * 1000 + self->n[u, \"s\"] + r));",
            "struct box { int x; int y; }; union u4 { int w; char c[4]; }; struct box k; union u4 u; "
            "int64_t r;"}));

// Each of stmts (with decls) over offsets: the same value or the same
// fault at the same instruction (the fault's address is each one's own:
// the interpreter's store, the map's element), at least 3 faults.
void expect_same_stores(std::initializer_list<const char*> stmts, const char* decls,
                        const std::vector<Args>& offsets) {
  for (const char* stmt : stmts) {
    SCOPED_TRACE(stmt);
    cc::Difo d = compile_clause(stmt, decls);
    std::vector<Outcome> core = core_runs(d, offsets);
    Result<std::vector<Outcome>> bpf = bpf_runs(d, offsets);
    ASSERT_TRUE(bpf.ok()) << bpf.error().message;
    ASSERT_EQ(core.size(), offsets.size());
    size_t faults = 0;
    for (size_t i = 0; i < offsets.size(); i++) {
      Outcome c = core[i], b = (*bpf)[i];
      faults += c.faulted;
      c.addr = b.addr = 0;
      EXPECT_EQ(c, b) << "offset " << static_cast<int64_t>(offsets[i][0]) << ": kernel/core " << show(core[i])
                      << ", bpf " << show((*bpf)[i]);
    }
    EXPECT_GE(faults, 3u);  // past the store on both sides
  }
}

// A store through a pointer may go anywhere in the by-reference globals
// (the module's gstore: each variable's size rounded up to 8, here one
// array of 20 bytes in 24) and faults BADADDR past them.
TEST(TranslateRefStore, FaultsPastTheGlobalsStore) {
  SKIP_WITHOUT_BPF();
  expect_same_stores({"trace((q = (char *)&a[0], q[arg0] = 7, a[0] + a[4]));",
                      "trace((w = (int *)((char *)&a[0] + arg0), *w = 7, a[0] + a[4]));",
                      "trace((l = (long *)((char *)&a[0] + arg0), *l = 7, a[0] + a[4]));"},
                     "int a[5]; char *q; int *w; long *l;",
                     {{0}, {19}, {20}, {21}, {23}, {24}, {25}, {neg(1)}, {1u << 20}});
}

// A store through a pointer into a by-reference dynamic variable may go
// anywhere in its value's valmax bytes (the module's
// dtrace_dyn_storable(): the largest dynamic value rounded up to 8, here
// 24 for an array of 20 bytes) and faults BADADDR past them (the next
// entry's header in the module, the slot's zero half or the next slot
// under the bpf backend). The variable is made first: the address of
// an absent one is its zeros' (a global).
TEST(TranslateRefStore, FaultsPastADynamicValue) {
  SKIP_WITHOUT_BPF();
  expect_same_stores(
      {"trace((self->a[1] = 1, q = (char *)&self->a[0], q[arg0] = 7, self->a[0] + self->a[4]));",
       "trace((self->a[1] = 1, w = (int *)((char *)&self->a[0] + arg0), *w = 7, self->a[0] + self->a[4]));",
       "trace((b[1][1] = 1, l = (long *)((char *)&b[1][0] + arg0), *l = 7, b[1][0] + b[1][4]));"},
      "self int a[5]; int b[int][5]; char *q; int *w; long *l;",
      {{0}, {19}, {20}, {21}, {23}, {24}, {25}, {31}, {neg(1)}});
}

}  // namespace
}  // namespace dtrace::bpf::testing
