#include "ctf/name_index.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace dtrace::ctf {
namespace {

TEST(NameIndex, FirstIdWinsAndMissingNamesAreZero) {
  NameIndex idx;
  EXPECT_EQ(idx.find("task_struct"), 0u);  // empty: nothing found, no crash
  idx.insert("task_struct", 7);
  idx.insert("task_struct", 9);  // a second type of the same name
  EXPECT_EQ(idx.find("task_struct"), 7u);
  EXPECT_EQ(idx.find("task"), 0u);
  EXPECT_EQ(idx.size(), 1u);
}

// Growing many times over (1024 slots first) keeps every name and its id,
// and for_each sees each exactly once.
TEST(NameIndex, KeepsEveryNameThroughGrowth) {
  std::vector<std::string> names;
  for (int i = 0; i < 50000; i++) names.push_back("sym_" + std::to_string(i * 7919));
  NameIndex idx;
  for (size_t i = 0; i < names.size(); i++) idx.insert(names[i], static_cast<uint32_t>(i + 1));
  ASSERT_EQ(idx.size(), names.size());
  for (size_t i = 0; i < names.size(); i++) ASSERT_EQ(idx.find(names[i]), i + 1) << names[i];
  std::map<std::string, uint32_t> seen;
  idx.for_each([&](std::string_view n, uint32_t id) { seen.emplace(std::string(n), id); });
  EXPECT_EQ(seen.size(), names.size());
  EXPECT_EQ(idx.find("sym_1"), 0u);
}

}  // namespace
}  // namespace dtrace::ctf
