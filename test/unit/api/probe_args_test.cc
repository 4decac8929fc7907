// ProbeArgTypes for pid probes (the function's DWARF prototype in a
// program compiled here), syscall entry probes (a tracefs format file
// written here) and fbt probes of a module (BTF files written here):
// the texts args[] is typed from.
#include "api/probe_args.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

#include "test/unit/c_program.h"
#include "test/unit/ctf/btf_builder.h"

namespace dtrace::api {
namespace {

dtrace_probedesc desc(const char* prov, const char* mod, const char* func, const char* name) {
  dtrace_probedesc d{};
  std::strncpy(d.dtpd_provider, prov, sizeof d.dtpd_provider - 1);
  std::strncpy(d.dtpd_mod, mod, sizeof d.dtpd_mod - 1);
  std::strncpy(d.dtpd_func, func, sizeof d.dtpd_func - 1);
  std::strncpy(d.dtpd_name, name, sizeof d.dtpd_name - 1);
  return d;
}

std::vector<std::string> natives(const std::vector<cc::ProbeArg>& args) {
  std::vector<std::string> out;
  for (uint32_t i = 0; i < args.size(); i++) {
    EXPECT_EQ(args[i].mapping, i);
    out.push_back(args[i].native);
  }
  return out;
}

class ProbeArgsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = scratch::make_dir("probe_args");
    ASSERT_FALSE(dir_.empty());
  }
  void TearDown() override { scratch::remove_dir(dir_); }
  std::string dir_;
};

TEST_F(ProbeArgsTest, PidProbesFromDwarfPrototypes) {
  ASSERT_TRUE(scratch::compile_c(dir_, "p.c", R"(
typedef unsigned long count_t;
enum mode { A, B };
struct rect { int w, h; };
typedef struct rect rect_t;
long area(rect_t *r, const char *name, count_t n, enum mode m, double d, int after) { return 0; }
struct rect by_value(struct rect r) { return r; }
void nothing(char **argv) {}
int main(void) { return 0; }
)",
                                 "prog"));
  ProbeArgSources src;
  src.btf_path = "";
  std::string path = dir_ + "/prog";
  int asked = 0;
  src.user_objects = [&](int pid) {
    asked = pid;
    return std::vector<std::pair<std::string, std::string>>{{"prog", path}, {"a.out", path}};
  };
  ProbeArgTypes t(src);
  EXPECT_EQ(natives(t.of_probe(desc("pid42", "prog", "area", "entry"))),
            (std::vector<std::string>{"userland prog`rect_t *", "userland char *", "prog`count_t",
                                      "enum prog`mode"}));  // stops at the double
  EXPECT_EQ(asked, 42);
  EXPECT_EQ(natives(t.of_probe(desc("pid42", "prog", "area", "return"))),
            (std::vector<std::string>{"int", "long"}));
  EXPECT_EQ(natives(t.of_probe(desc("pid42", "prog", "nothing", "entry"))),
            (std::vector<std::string>{"userland char * *"}));
  EXPECT_EQ(natives(t.of_probe(desc("pid42", "prog", "nothing", "return"))),
            (std::vector<std::string>{"int"}));
  EXPECT_TRUE(t.of_probe(desc("pid42", "prog", "by_value", "entry")).empty());
  EXPECT_TRUE(t.of_probe(desc("pid42", "prog", "by_value", "return")).empty());
  EXPECT_TRUE(t.of_probe(desc("pid42", "prog", "area", "1c")).empty());  // offsets stay untyped
  EXPECT_TRUE(t.of_probe(desc("pid42", "prog", "no_such", "entry")).empty());
  EXPECT_TRUE(t.of_probe(desc("pidx", "prog", "area", "entry")).empty());
}

TEST_F(ProbeArgsTest, SyscallPointersAreUserland) {
  std::string ev = dir_ + "/events/syscalls/sys_enter_openat";
  ASSERT_EQ(std::system(("mkdir -p " + ev).c_str()), 0);
  std::ofstream(ev + "/format") << "name: sys_enter_openat\nformat:\n"
                                   "\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n"
                                   "\tfield:int dfd;\toffset:16;\tsize:8;\tsigned:0;\n"
                                   "\tfield:const char * filename;\toffset:24;\tsize:8;\tsigned:0;\n"
                                   "\tfield:int flags;\toffset:32;\tsize:8;\tsigned:0;\n"
                                   "\tfield:umode_t mode;\toffset:40;\tsize:8;\tsigned:0;\n";
  ProbeArgSources src;
  src.btf_path = "";
  src.tracefs = dir_;
  ProbeArgTypes t(src);
  EXPECT_EQ(natives(t.of_probe(desc("syscall", "vmlinux", "openat", "entry"))),
            (std::vector<std::string>{"int", "userland const char *", "int", "umode_t"}));
  EXPECT_EQ(natives(t.of_probe(desc("syscall", "vmlinux", "openat", "return"))),
            (std::vector<std::string>{"long", "long"}));
}

// vmlinux: long f(struct file *); module mymod (split BTF on it):
// long f(mod_t), mod_t a typedef of long the module declares.
TEST_F(ProbeArgsTest, FbtModuleFunctionsFromModuleBtf) {
  ctf::BtfBuilder v;
  uint32_t i64 = v.integer("long int", 8, true);          // 1
  uint32_t file = v.type("file", BTF_KIND_STRUCT, 0, 0);  // 2
  uint32_t pfile = v.type("", BTF_KIND_PTR, 0, file);     // 3
  uint32_t vproto = v.type("", BTF_KIND_FUNC_PROTO, 1, i64);
  v.param(pfile);
  v.type("f", BTF_KIND_FUNC, 0, vproto);  // 5
  std::string vblob = v.blob();
  ctf::BtfBuilder m = ctf::BtfBuilder::split_on(vblob);
  uint32_t my = m.type("mod_t", BTF_KIND_TYPEDEF, 0, i64);  // 6
  uint32_t mproto = m.type("", BTF_KIND_FUNC_PROTO, 1, i64);
  m.param(my);
  m.type("f", BTF_KIND_FUNC, 0, mproto);
  std::ofstream(dir_ + "/vmlinux") << vblob;
  std::ofstream(dir_ + "/mymod") << m.blob();
  ProbeArgSources src;
  src.btf_path = dir_ + "/vmlinux";
  ProbeArgTypes t(src);
  EXPECT_EQ(natives(t.of_probe(desc("fbt", "vmlinux", "f", "entry"))),
            (std::vector<std::string>{"struct file *"}));
  EXPECT_EQ(natives(t.of_probe(desc("fbt", "mymod", "f", "entry"))), (std::vector<std::string>{"long"}));
  EXPECT_EQ(natives(t.of_probe(desc("fbt", "mymod", "f", "return"))),
            (std::vector<std::string>{"int", "long"}));
  EXPECT_TRUE(t.of_probe(desc("fbt", "nomod", "f", "entry")).empty());
}

}  // namespace
}  // namespace dtrace::api
