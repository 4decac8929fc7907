// The string subroutines the translator added last (translate_net.cc,
// translate_path.cc): their text against kernel/core's, byte for byte,
// on edge inputs. A string result is an address in scratch, which
// differs between the two; each statement gives the index of its text in
// a list of the texts the inputs should give (0: none of them) and its
// length, so that a text differing by one byte differs.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "compare.h"

namespace dtrace::bpf::testing {
namespace {

// "(s == "t1") * 1 + (s == "t2") * 2 + ...": the index of s in texts
// (from 1), 0 when none.
std::string which(const std::string& s, const std::vector<std::string>& texts) {
  std::string out = "0";
  for (size_t i = 0; i < texts.size(); i++)
    out += " + (" + s + " == \"" + texts[i] + "\") * " + std::to_string(i + 1);
  return out;
}

// this->s = s, then strlen(s) * 1000 + which(s).
std::string fingerprint(const std::string& s, const std::vector<std::string>& texts) {
  return "this->s = " + s + ", strlen(this->s) * 1000 + (" + which("this->s", texts) + ")";
}

// An address of 16 bytes as two words (little-endian, as the stores
// into alloca()'d memory lay them).
Args address(std::vector<uint8_t> b, uint64_t family) {
  b.resize(16);
  uint64_t lo = 0, hi = 0;
  std::memcpy(&lo, b.data(), 8);
  std::memcpy(&hi, b.data() + 8, 8);
  return {lo, hi, family};
}

// IPv6 groups (big-endian 16-bit) as bytes.
std::vector<uint8_t> groups(std::vector<uint16_t> g) {
  std::vector<uint8_t> b;
  for (uint16_t v : g) {
    b.push_back(static_cast<uint8_t>(v >> 8));
    b.push_back(static_cast<uint8_t>(v));
  }
  return b;
}

const std::vector<Args> kAddresses = {
    address({}, 10),                                                       // ::
    address(groups({0, 0, 0, 0, 0, 0, 0, 1}), 10),                         // ::1
    address({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 0, 0, 7}, 10),  // mapped
    address({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 0, 0, 7}, 10),        // compatible
    address({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2}, 10),         // compatible, 2
    address({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xfe, 10, 0, 0, 7}, 10),  // neither
    address(groups({1, 0, 0, 0, 0, 0, 0, 0}), 10),
    address(groups({1, 0, 0, 2, 0, 0, 0, 3}), 10),  // the longer run later
    address(groups({1, 0, 0, 2, 0, 0, 3, 4}), 10),  // a tie: the first
    address(groups({1, 2, 3, 4, 5, 6, 7, 8}), 10),
    address(groups({1, 0, 2, 3, 4, 5, 6, 7}), 10),  // one zero group: kept
    address(groups({0, 0, 1, 0, 0, 0, 0, 0}), 10),
    address(groups({0, 0, 0, 0, 0, 1, 0, 0}), 10),
    address(groups({0xfe80, 0, 0, 0, 0, 0x5efe, 0xc000, 0x201}), 10),  // ISATAP: hex, as the module's
    address(groups({0x2001, 0xdb8, 0, 0, 0, 0xff00, 0x42, 0x8329}), 10),
    address(groups({0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff}), 10),
    address(groups({0xabc, 0xf, 0x10, 0x100, 0x1000, 0xa, 0, 0}), 10),
    address({192, 168, 0, 1}, 2),
    address({}, 2),
    address({255, 255, 255, 255}, 2),
    address({10, 100, 9, 99}, 2),
    address({1, 2, 3, 4}, 99),  // another family: ILLOP at it
    address({1, 2, 3, 4}, 0),
};

const std::vector<std::string> kTexts = {"::",
                                         "::1",
                                         "::ffff:10.0.0.7",
                                         "10.0.0.7",
                                         "::10.0.0.7",
                                         "0.0.0.2",
                                         "::0.0.0.2",
                                         "::fffe:a00:7",
                                         "1::",
                                         "1:0:0:2::3",
                                         "1::2:0:0:3:4",
                                         "1:2:3:4:5:6:7:8",
                                         "1:0:2:3:4:5:6:7",
                                         "0:0:1::",
                                         "::1:0:0",
                                         "fe80::5efe:c000:201",
                                         "2001:db8::ff00:42:8329",
                                         "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
                                         "abc:f:10:100:1000:a::",
                                         "192.168.0.1",
                                         "0.0.0.0",
                                         "255.255.255.255",
                                         "10.100.9.99",
                                         "0.0.0.1",
                                         "1.2.3.4",
                                         "0.1.0.0",
                                         "0.0.1.0"};

const char* const kStore =
    "this->a = (uint8_t *)alloca(24), this->w = (uint64_t *)this->a, this->w[0] = arg0, this->w[1] = arg1, "
    "this->w[2] = arg0, ";

class Addresses : public ::testing::TestWithParam<std::string> {};

TEST_P(Addresses, AgreeWithKernelCore) {
  SKIP_WITHOUT_BPF();
  expect_same("trace((" + std::string(kStore) + GetParam() + "));", kAddresses);
}

INSTANTIATE_TEST_SUITE_P(Net, Addresses,
                         ::testing::Values(fingerprint("inet_ntop(arg2, (void *)this->a)", kTexts),
                                           fingerprint("inet_ntoa6((void *)this->a)", kTexts),
                                           fingerprint("inet_ntoa((void *)this->a)", kTexts),
                                           fingerprint("inet_ntoa((void *)(this->a + 12))", kTexts),
                                           // link_ntop(): Ethernet (1), InfiniBand (32), else ILLOP
                                           "strlen(link_ntop(arg2 == 10 ? 1 : arg2 == 2 ? 32 : arg2, "
                                           "(void *)this->a)) * 1000 + (link_ntop(1, (void *)this->a) == "
                                           "\"00:00:00:00:00:00\") + index(link_ntop(32, (void *)this->a), "
                                           "\"ff\")"));

// An unreadable address: BADADDR at it, in each.
class AddressesUnreadable : public ::testing::TestWithParam<const char*> {};

TEST_P(AddressesUnreadable, FaultAsKernelCore) {
  SKIP_WITHOUT_BPF();
  expect_same(GetParam(), {{0, 2}, {8, 10}, {0x1000, 1}, {0 - uint64_t{2}, 32}});
}

INSTANTIATE_TEST_SUITE_P(Net, AddressesUnreadable,
                         ::testing::Values("trace(strlen(inet_ntoa((void *)arg0)));",
                                           "trace(strlen(inet_ntoa6((void *)arg0)));",
                                           "trace(strlen(inet_ntop(arg1, (void *)arg0)));",
                                           "trace(strlen(link_ntop(arg1, (void *)arg0)));"));

// cleanpath(): each path (a clause of its own) against the
// texts the module gives them: "//", ".", "..", trailing "/" and "/.",
// ".." past the start, relative and absolute.
const char* const kPaths[] = {"/a//b/",    "/a/b/.", "/a/x/../b/.//",  "./",     "/..", "",
                              "a/../../b", "../..",  "/a/b/c/../../d", "a/./b/", "//",  "..",
                              "/x/..",     "a/..",   "/.../..x/.",     "abc"};

const std::vector<std::string> kCleaned = {"/a/b/", "/a/b/.", "/",  "./", "",           "../b", "../..",
                                           "/a/d",  "a/b/",   "..", ".",  "/.../..x/.", "abc",  "/a/b"};

TEST(Paths, CleanpathAgreesWithKernelCore) {
  SKIP_WITHOUT_BPF();
  for (const char* p : kPaths)
    expect_same("trace((" + fingerprint("cleanpath(\"" + std::string(p) + "\")", kCleaned) + "));", {{0}});
}

// basename() and dirname(): the same paths and more, against the texts
// the module gives them (trailing slashes, the root, "", no slash).
const char* const kParts[] = {"/a/b//", "/",   "",   "abc", "//x", "a/",
                              "a//b",   "///", "/a", "./",  "..",  "/a/x/../b/.//"};
const std::vector<std::string> kPartTexts = {"b", "/",  ".",  "abc",       "x",
                                             "a", "/a", "..", "/a/x/../b", "/a/x/.."};

TEST(Paths, BasenameAndDirnameAgreeWithKernelCore) {
  SKIP_WITHOUT_BPF();
  for (const char* p : kParts)
    for (const char* f : {"basename", "dirname"})
      expect_same("trace((" + fingerprint(std::string(f) + "(\"" + p + "\")", kPartTexts) + "));", {{0}});
  expect_same("trace(strlen(basename(stringof(arg0))) + strlen(dirname(stringof(arg0))));",
              {{0}, {8}, {0x1000}});
  std::vector<Args> sizes;
  for (uint64_t n = 2368 - 24; n <= 2368; n += 8) sizes.push_back({n});
  expect_same("trace((this->s = dirname(\"/usr/lib/x\"), this->p = (char *)alloca(arg0), strlen(this->s)));",
              sizes);
}

// The scratch a string subroutine keeps: its result's words only, as
// the module's keep_result() (strtok() and cleanpath() copy their
// input first): an alloca() of what is left of the module's 2368
// bytes fits, 8 more fault NOSCRATCH, in each.
TEST(Paths, ScratchKeptIsTheResultsWords) {
  SKIP_WITHOUT_BPF();
  std::vector<Args> sizes;
  for (uint64_t n = 2368 - 40; n <= 2368; n += 8) sizes.push_back({n});
  expect_same(
      "trace((this->s = strtok(\"ab,cdefghijk\", \",\"), this->t = strtok(NULL, \",\"), this->u = "
      "strtok(NULL, "
      "\",\"), this->p = (char *)alloca(arg0), strlen(this->s) + strlen(this->t)));",
      sizes);
  expect_same(
      "trace((this->s = cleanpath(\"/a/./b/../cdefghij\"), this->p = (char *)alloca(arg0), "
      "strlen(this->s)));",
      sizes);
}

TEST(Paths, CleanpathOfAnUnreadableStringFaults) {
  SKIP_WITHOUT_BPF();
  expect_same("trace(strlen(cleanpath(stringof(arg0))));", {{0}, {8}, {0x1000}});
}

}  // namespace
}  // namespace dtrace::bpf::testing
