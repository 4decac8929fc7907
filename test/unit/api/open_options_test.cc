// What dtrace(1) asks of the options it was given, through the public
// API and the option table rather than by their names: the one option
// open() needs before a Handle exists, and the typed answers a Handle
// gives once they are set.
#include <gtest/gtest.h>

#include "dtrace/handle.h"

namespace dtrace {
namespace {

OpenOptions compile_only() {
  OpenOptions o;
  o.need_device = false;
  return o;
}

TEST(OpenOptions, TakeTheBackend) {
  OpenOptions o;
  EXPECT_TRUE(o.take_option("backend", "bpf"));
  EXPECT_EQ(o.backend, "bpf");
  EXPECT_FALSE(o.take_option("backend", "floppy"));  // not one of its words
  EXPECT_EQ(o.backend, "bpf");
  EXPECT_FALSE(o.take_option("bufsize", "4k"));
  EXPECT_FALSE(o.take_option("backnd", "module"));
  EXPECT_TRUE(o.take_option("backend", "module"));
  EXPECT_EQ(o.backend, "module");
}

TEST(OpenOptions, TakeTheCoreFileAndItsExecutable) {
  OpenOptions o;
  EXPECT_TRUE(o.take_option("core", "/tmp/core.1"));
  EXPECT_TRUE(o.take_option("coreexe", "/tmp/prog"));
  EXPECT_EQ(o.core, "/tmp/core.1");
  EXPECT_EQ(o.coreexe, "/tmp/prog");
  EXPECT_EQ(o.backend, "");
}

TEST(OpenOptions, HandleAnswersWhatItWasSet) {
  auto h = Handle::open(compile_only());
  ASSERT_TRUE(h);
  EXPECT_FALSE((*h)->errtags());
  EXPECT_FALSE((*h)->argref());
  EXPECT_FALSE((*h)->grabanon());
  ASSERT_TRUE((*h)->set_option("errtags", ""));
  ASSERT_TRUE((*h)->set_option("grabanon", ""));
  EXPECT_TRUE((*h)->errtags());
  EXPECT_FALSE((*h)->argref());
  EXPECT_TRUE((*h)->grabanon());
  ASSERT_TRUE((*h)->set_option("argref", ""));
  EXPECT_TRUE((*h)->argref());
}

}  // namespace
}  // namespace dtrace
