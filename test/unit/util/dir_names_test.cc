// util/dir_names.h: a directory's files of one suffix, in a stable order.
#include "util/dir_names.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <filesystem>
#include <fstream>

namespace dtrace {
namespace {

TEST(DirNames, SortedNamesLongerThanTheSuffix) {
  std::string dir = ::testing::TempDir() + "dir_names_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directory(dir);
  for (const char* n : {"b.d", "a.d", ".d", "c.txt", "z.d.bak"}) std::ofstream(dir + "/" + n) << "x";
  auto names = names_ending_in(dir, ".d");
  ASSERT_TRUE(names);
  EXPECT_EQ(*names, (std::vector<std::string>{"a.d", "b.d"}));
  std::filesystem::remove_all(dir);
  errno = 0;
  EXPECT_FALSE(names_ending_in(dir, ".d"));
  EXPECT_EQ(errno, ENOENT);
}

}  // namespace
}  // namespace dtrace
