// Golden DIF listings: every test/golden/dis/*.d compiles and its
// disassembly equals the .dis beside it. UPDATE=1 rewrites the .dis files.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cc/compiler.h"
#include "dif/disasm.h"

namespace dtrace::dif {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(Golden, DisassemblyMatches) {
  fs::path dir = fs::path(DTRACE_SOURCE_DIR) / "test/golden/dis";
  ASSERT_TRUE(fs::is_directory(dir)) << dir;
  bool update = getenv("UPDATE") != nullptr && std::string(getenv("UPDATE")) == "1";
  std::vector<fs::path> inputs;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".d") inputs.push_back(e.path());
  std::sort(inputs.begin(), inputs.end());
  ASSERT_FALSE(inputs.empty());
  for (const fs::path& d : inputs) {
    cc::Compiler c({});
    auto r = c.compile(slurp(d));
    ASSERT_TRUE(r.ok()) << d << ": line " << r.error().line << ": " << r.error().message;
    std::string got = disassemble(r.value());
    fs::path dis = d;
    dis.replace_extension(".dis");
    if (update) {
      std::ofstream(dis) << got;
      continue;
    }
    ASSERT_TRUE(fs::exists(dis)) << dis << " missing (run with UPDATE=1)";
    EXPECT_EQ(got, slurp(dis)) << "golden mismatch: " << dis;
  }
}

}  // namespace
}  // namespace dtrace::dif
