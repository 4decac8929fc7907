#include "consume/probe_list.h"

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

}  // namespace
}  // namespace dtrace::consume
