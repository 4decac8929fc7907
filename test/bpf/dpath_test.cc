// d_path(), cwd and rootdir (translate_dpath.cc): the translated
// program run in this task, which changes its working directory and
// root, against the path the module's walk (kernel/core/dif_subr_path.c)
// gives for it: the real path from the task's root across mounts, no
// " (deleted)" suffix, "..." for the leading names of one longer than
// strsize. Faults at unreadable addresses against kernel/core's.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <string>
#include <vector>

#include "compare.h"

extern "C" {
#include "dtrace/faults.h"
}

namespace dtrace::bpf::testing {
namespace {

constexpr size_t kStrsize = 256;  // bpf_runs()'s

// The one-DIFO clause "trace(expr == s)" (and of its length).
cc::Difo equals(const std::string& expr, const std::string& s) {
  return compile_clause("trace(" + expr + " == \"" + s + "\" && strlen(" + expr +
                        ") == " + std::to_string(s.size()) + ");");
}

// Whether the clause traces 1, run once.
bool holds(const cc::Difo& d) {
  Result<std::vector<Outcome>> r = bpf_runs(d, {{}});
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  if (!r.ok() || r->empty()) return false;
  EXPECT_FALSE(r->front().faulted) << show(r->front());
  return !r->front().faulted && r->front().value.at(0) == 1;
}

bool holds(const std::string& expr, const std::string& s) {
  SCOPED_TRACE(expr + " == " + s);
  return holds(equals(expr, s));
}

// cwd and d_path() of the working directory are want.
void expect_cwd(const std::string& want) {
  EXPECT_TRUE(holds("cwd", want)) << want;
  EXPECT_TRUE(holds("d_path(&curthread->fs->pwd)", want)) << want;
}

// The module's path_of() for a path of these names from the root, in
// strsize bytes: built from the end, cut where a name does not fit,
// its leading names then dropped until "..." fits before a slash.
std::string module_path(const std::vector<std::string>& names, size_t size) {
  std::string buf(size, '\0');
  size_t pos = size - 1;
  bool cut = false;
  for (auto it = names.rbegin(); it != names.rend(); ++it) {
    if (it->size() + 1 > pos) {
      cut = true;
      break;
    }
    pos -= it->size();
    buf.replace(pos, it->size(), *it);
    buf[--pos] = '/';
  }
  if (cut) {
    while (pos < 3 && pos < size - 1) {
      size_t i = pos + 1;
      while (i < size - 1 && buf[i] != '/') i++;
      pos = i;
    }
    if (pos >= 3) {
      pos -= 3;
      buf.replace(pos, 3, "...");
    }
  } else if (pos == size - 1) {
    buf[--pos] = '/';
  }
  return buf.substr(pos, size - 1 - pos);
}

std::vector<std::string> names_of(const std::string& path) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < path.size()) {
    size_t j = path.find('/', i);
    if (j == std::string::npos) j = path.size();
    if (j > i) out.push_back(path.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

std::string real(const std::string& p) {
  char buf[PATH_MAX];
  return realpath(p.c_str(), buf) != nullptr ? buf : "";
}

// Runs in a fresh directory under /tmp, back where it was after.
class DPath : public ::testing::Test {
 protected:
  void SetUp() override {
    back_ = open(".", O_RDONLY | O_DIRECTORY);
    char tmpl[] = "/tmp/dtdpathXXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = real(tmpl);
    ASSERT_EQ(chdir(dir_.c_str()), 0);
  }
  void TearDown() override {
    EXPECT_EQ(fchdir(back_), 0);
    close(back_);
    std::string rm = "rm -rf '" + dir_ + "'";
    EXPECT_EQ(system(rm.c_str()), 0);
  }
  int back_ = -1;
  std::string dir_;
};

TEST_F(DPath, CwdIsTheWorkingDirectory) {
  SKIP_WITHOUT_BPF();
  expect_cwd(dir_);
  ASSERT_EQ(mkdir("sub", 0755), 0);
  ASSERT_EQ(chdir("sub"), 0);
  expect_cwd(dir_ + "/sub");
  ASSERT_EQ(chdir("/"), 0);
  expect_cwd("/");
  EXPECT_TRUE(holds("rootdir", "/"));
  EXPECT_TRUE(holds("d_path(&curthread->fs->root)", "/"));
}

// /proc and /dev/shm are mounts (the latter on /dev's): the walk
// crosses them to their mountpoints.
TEST_F(DPath, AcrossMounts) {
  SKIP_WITHOUT_BPF();
  ASSERT_EQ(chdir("/proc/sys/kernel"), 0);
  expect_cwd("/proc/sys/kernel");
  if (chdir("/dev/shm") == 0) expect_cwd("/dev/shm");
}

// A removed directory keeps its name and parent: the module's walk
// gives its old path, without the kernel's " (deleted)".
TEST_F(DPath, RemovedDirectoryKeepsItsPath) {
  SKIP_WITHOUT_BPF();
  ASSERT_EQ(mkdir("gone", 0755), 0);
  ASSERT_EQ(chdir("gone"), 0);
  ASSERT_EQ(rmdir((dir_ + "/gone").c_str()), 0);
  expect_cwd(dir_ + "/gone");
}

// Past strsize: "..." and the last names that fit, with the names before
// dropped until "..." fits; the final name's length steps the room left
// for the first names through each case (the root's name cut with 0 to
// 2 bytes left, and more).
TEST_F(DPath, LongerThanStrsizeIsCutAsTheModules) {
  SKIP_WITHOUT_BPF();
  std::string a(100, 'a'), b(100, 'b');
  ASSERT_EQ(mkdir(a.c_str(), 0755), 0);
  ASSERT_EQ(chdir(a.c_str()), 0);
  ASSERT_EQ(mkdir(b.c_str(), 0755), 0);
  ASSERT_EQ(chdir(b.c_str()), 0);
  std::string base = dir_ + "/" + a + "/" + b;
  size_t left = kStrsize - 1 - base.size() - 1;  // for "/" and the last name
  for (size_t n = left - 2; n <= left + 20; n++) {
    std::string last(n, 'c');
    ASSERT_EQ(mkdir(last.c_str(), 0755), 0);
    ASSERT_EQ(chdir(last.c_str()), 0);
    std::string want = module_path(names_of(base + "/" + last), kStrsize);
    SCOPED_TRACE(n);
    EXPECT_LE(want.size(), kStrsize - 1);
    if (n > left) {
      EXPECT_EQ(want.substr(0, 3), "...");
    }
    expect_cwd(want);
    ASSERT_EQ(chdir(".."), 0);
  }
}

// Under chroot: cwd from the new root, rootdir the root from the top.
TEST_F(DPath, RootdirUnderChroot) {
  SKIP_WITHOUT_BPF();
  if (geteuid() != 0) GTEST_SKIP() << "needs root to chroot";
  ASSERT_TRUE(holds("rootdir", "/"));  // BTF read, before the root moves
  // Compiled here: the compiler reads the kernel's types from /sys.
  cc::Difo clauses[] = {equals("rootdir", dir_), equals("cwd", "/in"),
                        equals("d_path(&curthread->fs->pwd)", "/in")};
  int top = open("/", O_RDONLY | O_DIRECTORY);
  ASSERT_GE(top, 0);
  ASSERT_EQ(mkdir("in", 0755), 0);
  ASSERT_EQ(chroot(dir_.c_str()), 0);
  ASSERT_EQ(chdir("/in"), 0);
  bool rootdir = holds(clauses[0]);
  bool cwd = holds(clauses[1]);
  bool pwd = holds(clauses[2]);
  ASSERT_EQ(fchdir(top), 0);  // out again
  ASSERT_EQ(chroot("."), 0);
  close(top);
  EXPECT_TRUE(rootdir);
  EXPECT_TRUE(cwd);
  EXPECT_TRUE(pwd);
}

// An unreadable struct path: BADADDR at its address, as kernel/core's.
TEST(DPathFaults, UnreadablePathAgreesWithKernelCore) {
  SKIP_WITHOUT_BPF();
  expect_same("trace(d_path((struct path *)arg0));", {{0}, {8}, {0x1000}, {static_cast<uint64_t>(-2)}});
}

}  // namespace
}  // namespace dtrace::bpf::testing
