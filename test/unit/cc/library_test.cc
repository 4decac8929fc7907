// The D library's dependency pragmas, read without parsing the file
// (cc/library.h), and the builtin tables' lookups by name, which the
// lexer makes at every identifier of every library file.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cc/builtins.h"
#include "cc/library.h"

namespace dtrace::cc {
namespace {

using Names = std::vector<std::string>;

TEST(LibraryDependencies, ReadsEachSpellingOfThePragma) {
  Dependencies d = scan_dependencies(
      "/* #pragma D depends_on library not_this.d */\n"
      "#pragma D depends_on library net.d\n"
      "# pragma\tD depends_on module  ext4\r\n"
      "  #pragma D depends_on provider io   trailing words\n"
      "#pragma D depends_on library\n"        // no name: ignored
      "#pragma D depends_on class x\n"        // unknown kind: ignored
      "#pragma D depends_upon library a.d\n"  // not depends_on
      "#pragmaD depends_on library b.d\n"     // one word: not the pragma
      "# pragmas D depends_on library c.d\n"
      "inline int pragma = 1;\n"
      "#pragma D depends_on library last.d");  // no newline at the end
  EXPECT_EQ(d.libraries, (Names{"net.d", "last.d"}));
  EXPECT_EQ(d.modules, (Names{"ext4"}));
  EXPECT_EQ(d.providers, (Names{"io"}));
  Dependencies none = scan_dependencies("");
  EXPECT_TRUE(none.libraries.empty() && none.modules.empty() && none.providers.empty());
}

TEST(Builtins, FoundByNameThroughTheirIndexes) {
  ASSERT_NE(find_action("exit"), nullptr);
  EXPECT_STREQ(find_action("exit")->name, "exit");
  EXPECT_EQ(find_action("count"), nullptr);  // an aggregating function, not an action
  ASSERT_NE(find_aggfunc("count"), nullptr);
  EXPECT_STREQ(find_aggfunc("count")->name, "count");
  ASSERT_NE(find_subr("copyinstr"), nullptr);
  EXPECT_EQ(find_subr("copyinstr")->max_args, 2);
  ASSERT_NE(find_builtin_var("timestamp"), nullptr);
  EXPECT_STREQ(find_builtin_var("timestamp")->name, "timestamp");
  EXPECT_EQ(find_builtin_var("curpsinfo"), nullptr);  // procfs.d's
  for (const char* none : {"", "exi", "exit_", "Exit", "timestamp "}) {
    EXPECT_EQ(find_action(none), nullptr) << none;
    EXPECT_EQ(find_builtin_var(none), nullptr) << none;
    EXPECT_EQ(find_subr(none), nullptr) << none;
    EXPECT_EQ(find_aggfunc(none), nullptr) << none;
  }
}

}  // namespace
}  // namespace dtrace::cc
