// d_path(), cwd and rootdir (kernel/core/dif_subr_path.c) over the
// userspace port's fake dentries and mounts (port_user.h): the walk up
// to the task's root, across mounts, truncation at strsize, and faults
// for pointers that cannot be read.
#include "subr_call.h"

namespace kcore {
namespace {

// /            (mount "root": its own parent)
// /usr         (dentry in root)
// /usr/lib     (mountpoint of mount "lib")
// /usr/lib/x86 (dentry in lib)
// /home/me     (dentries in root)
struct Tree {
  dtrace_user_dentry rroot{}, usr{}, lib{}, home{}, me{};
  dtrace_user_dentry lroot{}, x86{};
  dtrace_user_mount root{}, libm{};
  dtrace_user_path top{}, cwd{}, in_lib{}, at_lib{}, chroot{};
  Tree() {
    rroot = {&rroot, "", 0};
    usr = {&rroot, "usr", 3};
    lib = {&usr, "lib", 3};
    home = {&rroot, "home", 4};
    me = {&home, "me", 2};
    lroot = {&lroot, "/", 1};
    x86 = {&lroot, "x86_64-linux-gnu", 16};
    root.parent = &root;
    root.mountpoint = &rroot;
    root.mnt.root = &rroot;
    libm.parent = &root;
    libm.mountpoint = &lib;
    libm.mnt.root = &lroot;
    top = {&root.mnt, &rroot};
    cwd = {&root.mnt, &me};
    in_lib = {&libm.mnt, &x86};
    at_lib = {&libm.mnt, &lroot};
    chroot = {&root.mnt, &home};
  }
};

Difo d_path_of(const dtrace_user_path* p) {
  return call_difo(DIF_SUBR_D_PATH, {static_cast<uint64_t>(reinterpret_cast<uintptr_t>(p))}, true);
}

std::string path(const dtrace_user_path* p, uint64_t strsize = 256) {
  Eval e = eval(d_path_of(p), {}, {{DTRACEOPT_STRSIZE, strsize}});
  EXPECT_FALSE(e.faulted) << "fault " << e.fault;
  return e.recorded ? e.str() : "<none>";
}

struct FsGuard {
  FsGuard(const dtrace_user_path* root, const dtrace_user_path* cwd) { dtrace_user_set_fs(root, cwd); }
  ~FsGuard() {
    dtrace_user_set_fs(nullptr, nullptr);
    dtrace_user_set_path_mounts(1);
  }
};

TEST(DifPath, WalksUpToTheRootAndAcrossMounts) {
  Tree t;
  FsGuard g(&t.top, &t.cwd);
  EXPECT_EQ(path(&t.cwd), "/home/me");
  EXPECT_EQ(path(&t.top), "/");
  EXPECT_EQ(path(&t.in_lib), "/usr/lib/x86_64-linux-gnu");
  EXPECT_EQ(path(&t.at_lib), "/usr/lib");
}

TEST(DifPath, StopsAtTheTaskRoot) {
  Tree t;
  FsGuard g(&t.chroot, &t.cwd);  // chrooted into /home
  EXPECT_EQ(path(&t.cwd), "/me");
  EXPECT_EQ(path(&t.chroot), "/");
  // Outside the root: up to the top of the mount tree, as the kernel does.
  EXPECT_EQ(path(&t.in_lib), "/usr/lib/x86_64-linux-gnu");
}

TEST(DifPath, WithoutMountLayoutStaysInOneMount) {
  Tree t;
  FsGuard g(&t.top, nullptr);
  dtrace_user_set_path_mounts(0);
  EXPECT_EQ(path(&t.in_lib), "/x86_64-linux-gnu");
  EXPECT_EQ(path(&t.cwd), "/home/me");
}

TEST(DifPath, LongPathsKeepTheirTailAfterAnEllipsis) {
  Tree t;
  FsGuard g(&t.top, nullptr);
  // strsize 16: 15 characters; "/x86_64-linux-gnu" alone is 17.
  EXPECT_EQ(path(&t.in_lib, 16), "...");
  EXPECT_EQ(path(&t.cwd, 9), "/home/me");
  EXPECT_EQ(path(&t.cwd, 8), ".../me");
}

TEST(DifPath, CyclesEndAfterBoundedSteps) {
  Tree t;
  FsGuard g(&t.top, nullptr);
  dtrace_user_dentry a{}, b{};
  a = {&b, "a", 1};
  b = {&a, "b", 1};
  dtrace_user_path p{&t.root.mnt, &a};
  std::string s = path(&p, 64);
  EXPECT_EQ(s.substr(0, 3), "...");
  EXPECT_EQ(s.substr(s.size() - 4), "/b/a");
}

TEST(DifPath, UnreadablePointersFault) {
  Tree t;
  FsGuard g(&t.top, nullptr);
  Eval e = eval(call_difo(DIF_SUBR_D_PATH, {static_cast<uint64_t>(64)}, true));
  EXPECT_TRUE(e.faulted);
  EXPECT_EQ(e.fault, DTRACEFLT_BADADDR);
  static char name[4] = "bad";
  dtrace_user_dentry d{&t.rroot, name, 3};
  dtrace_user_path p{&t.root.mnt, &d};
  ASSERT_EQ(dtrace_user_fault_add(reinterpret_cast<uintptr_t>(name), sizeof(name)), 0);
  e = eval(d_path_of(&p));
  dtrace_user_fault_clear();
  EXPECT_TRUE(e.faulted);
  EXPECT_EQ(e.fault, DTRACEFLT_BADADDR);
  EXPECT_EQ(e.addr, reinterpret_cast<uintptr_t>(name));
}

TEST(DifPath, CwdAndRootdir) {
  Tree t;
  Difo cwd, root;
  cwd.code = {ldgs(DIF_VAR_CWD, 1), ret(1)};
  cwd.rtype = PB_STRING;
  root.code = {ldgs(DIF_VAR_ROOTDIR, 1), ret(1)};
  root.rtype = PB_STRING;
  {
    FsGuard g(&t.chroot, &t.cwd);
    EXPECT_EQ(eval(cwd).str(), "/me");
    EXPECT_EQ(eval(root).str(), "/home");
  }
  {
    FsGuard g(&t.top, &t.in_lib);
    EXPECT_EQ(eval(cwd).str(), "/usr/lib/x86_64-linux-gnu");
    EXPECT_EQ(eval(root).str(), "/");
  }
  FsGuard g(nullptr, nullptr);  // a task without fs: empty strings
  Eval e = eval(cwd);
  EXPECT_TRUE(e.recorded);
  EXPECT_FALSE(e.faulted);
  EXPECT_EQ(e.str(), "");
}

}  // namespace
}  // namespace kcore
