// KernelDwarf's variable shapes, read from a small C file compiled with
// -g into a shared object when the test runs: it stands in for vmlinux
// (the reader looks only at global variables' DWARF; an unlinked .o
// would not do, libdw does not relocate). The guest test
// test/d/kernel/tst.global_vars reads the real kernel's.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "ctf/kernel_dwarf.h"
#include "test/unit/c_program.h"

namespace dtrace::ctf {
namespace {

using Base = VariableShape::Base;

const char kUnit[] = R"(
struct task { int pid; char comm[16]; };
typedef struct { long counter; } atomic_long_t;
enum states { BOOTING, RUNNING };
unsigned int nr_cpu_ids = 2;
volatile unsigned long jiffies;
char *saved_command_line;
const char banner[] = "Linux";
struct task init_task;
atomic_long_t total_pages;
enum states state;
struct task *tasks[4][2];
int (*hook)(int);
struct { int a; } anonymous_var;
extern int declared_only;
int use(void) { return declared_only; }
)";

class KernelDwarfTest : public scratch::ProgramSuite<KernelDwarfTest> {
 protected:
  static void SetUpTestSuite() { build("kernel_dwarf", "unit.c", kUnit, "unit.so", "-shared -fPIC"); }
  void SetUp() override {
    k_ = KernelDwarf::open_file(dir_ + "/unit.so");
    ASSERT_NE(k_, nullptr);
  }
  VariableShape shape(const char* name) {
    std::optional<VariableShape> s = k_->variable(name);
    EXPECT_TRUE(s.has_value()) << name;
    return s.value_or(VariableShape{});
  }
  std::unique_ptr<KernelDwarf> k_;
};

TEST_F(KernelDwarfTest, IntegersThroughQualifiers) {
  VariableShape n = shape("nr_cpu_ids");
  EXPECT_EQ(n.base, Base::Integer);
  EXPECT_EQ(n.size, 4u);
  EXPECT_FALSE(n.is_signed);
  EXPECT_TRUE(n.wrappers.empty());
  VariableShape j = shape("jiffies");  // volatile is dropped
  EXPECT_EQ(j.base, Base::Integer);
  EXPECT_EQ(j.size, 8u);
}

TEST_F(KernelDwarfTest, PointersAndArrays) {
  VariableShape c = shape("saved_command_line");
  EXPECT_EQ(c.base, Base::Char);
  EXPECT_EQ(c.wrappers, std::vector<uint64_t>{0});
  VariableShape b = shape("banner");  // char[6]: 1 + 6
  EXPECT_EQ(b.base, Base::Char);
  EXPECT_EQ(b.wrappers, std::vector<uint64_t>{7});
  VariableShape t = shape("tasks");  // struct task *[4][2]: pointer, then [2], then [4]
  EXPECT_EQ(t.base, Base::Struct);
  EXPECT_EQ(t.name, "task");
  EXPECT_EQ(t.wrappers, (std::vector<uint64_t>{0, 3, 5}));
  VariableShape h = shape("hook");  // a function pointer: void *
  EXPECT_EQ(h.base, Base::Void);
  EXPECT_EQ(h.wrappers, std::vector<uint64_t>{0});
}

TEST_F(KernelDwarfTest, NamedTypesByName) {
  VariableShape s = shape("init_task");
  EXPECT_EQ(s.base, Base::Struct);
  EXPECT_EQ(s.name, "task");
  VariableShape t = shape("total_pages");
  EXPECT_EQ(t.base, Base::Typedef);
  EXPECT_EQ(t.name, "atomic_long_t");
  VariableShape e = shape("state");
  EXPECT_EQ(e.base, Base::Enum);
  EXPECT_EQ(e.name, "states");
}

TEST_F(KernelDwarfTest, WhatBtfCannotNameIsRefused) {
  EXPECT_FALSE(k_->variable("anonymous_var").has_value());
  EXPECT_FALSE(k_->variable("declared_only").has_value());
  EXPECT_FALSE(k_->variable("no_such_variable").has_value());
}

TEST_F(KernelDwarfTest, CandidatesNameTheDistributionsPlaces) {
  std::vector<std::string> c = KernelDwarf::candidates("6.1.0-56-cloud-amd64");
  ASSERT_GE(c.size(), 2u);
  EXPECT_EQ(c[0], "/usr/lib/debug/boot/vmlinux-6.1.0-56-cloud-amd64");
  EXPECT_EQ(c[1], "/usr/lib/debug/lib/modules/6.1.0-56-cloud-amd64/vmlinux");
  EXPECT_EQ(KernelDwarf::open_file(dir_ + "/no_such_file"), nullptr);
}

}  // namespace
}  // namespace dtrace::ctf
