#include "consume/probe_list.h"
#include "consume/probe_stability.h"

#include <cstring>
#include <gtest/gtest.h>

namespace dtrace::consume {
namespace {

TEST(ProbeList, HeaderAndRowUseDTraceColumns) {
  EXPECT_EQ(probe_list_header(),
            "   ID   PROVIDER            MODULE                          FUNCTION NAME\n");
  dtrace_probedesc p{};
  p.dtpd_id = 1;
  std::strcpy(p.dtpd_provider, "dtrace");
  std::strcpy(p.dtpd_name, "BEGIN");
  EXPECT_EQ(probe_list_row(p),
            "    1     dtrace                                                     BEGIN\n");
  EXPECT_EQ(probe_func_name(p), ":BEGIN");
  EXPECT_EQ(probe_full_name(p), "dtrace:::BEGIN");
}

TEST(ProbeList, VerboseDetailsGiveStabilityAndArgumentTypes) {
  dtrace_probedesc p{};
  std::strcpy(p.dtpd_provider, "syscall");
  std::strcpy(p.dtpd_mod, "vmlinux");
  // syscall: the least stable part is the module (Private/Private/Unknown).
  EXPECT_EQ(probe_list_details(p, {}),
            "\n\tProbe Description Attributes\n"
            "\t\tIdentifier Names: Private\n\t\tData Semantics:   Private\n"
            "\t\tDependency Class: Unknown\n"
            "\n\tArgument Attributes\n"
            "\t\tIdentifier Names: Private\n\t\tData Semantics:   Private\n"
            "\t\tDependency Class: ISA\n"
            "\n\tArgument Types\n\t\tNone\n\n");
  std::strcpy(p.dtpd_provider, "proc");
  std::string d = probe_list_details(p, {"lwpsinfo_t *", "psinfo_t *", "int"});
  EXPECT_NE(d.find("\tArgument Attributes\n\t\tIdentifier Names: Evolving\n"), std::string::npos);
  EXPECT_NE(d.find("\t\targs[0]: lwpsinfo_t *\n\t\targs[1]: psinfo_t *\n\t\targs[2]: int\n"),
            std::string::npos);
}

TEST(ProbeStability, PidProvidersAndUnknownOnes) {
  EXPECT_EQ(probe_attrs("pid1234").args.name, Stability::Private);
  EXPECT_EQ(probe_attrs("dtrace").desc.name, Stability::Private);               // module part
  EXPECT_EQ(probe_attrs("dtrace", false, false).desc.name, Stability::Stable);  // BEGIN
  EXPECT_EQ(probe_attrs("dtrace").args.name, Stability::Stable);
  EXPECT_EQ(probe_attrs("nosuch").desc.cls, DepClass::Unknown);
  EXPECT_STREQ(class_name(DepClass::Isa), "ISA");
}

}  // namespace
}  // namespace dtrace::consume
