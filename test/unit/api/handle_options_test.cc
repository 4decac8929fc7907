// Options whose effect lives in the Handle, natively (no device): -x core
// aborts at exit, -x nolibs leaves the D library out, -x setenv values
// are checked.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <cstdlib>
#include <utility>

#include "dtrace/handle.h"

namespace dtrace {
namespace {

OpenOptions compile_only() {
  OpenOptions o;
  o.need_device = false;
  return o;
}

std::unique_ptr<Handle> open_handle() {
  auto h = Handle::open(compile_only());
  if (!h) return nullptr;
  return std::move(*h);
}

TEST(HandleOptionsDeathTest, CoreAbortsWhenTheProgramExits) {
  auto run = [](bool core) {
    rlimit none{0, 0};
    setrlimit(RLIMIT_CORE, &none);  // the signal, not a core file
    {
      auto h = open_handle();
      if (!h || (core && !h->set_option("core", ""))) std::exit(3);
    }
    std::exit(0);
  };
  EXPECT_EXIT(run(true), testing::KilledBySignal(SIGABRT), "-x core");
  EXPECT_EXIT(run(false), testing::ExitedWithCode(0), "");
}

TEST(HandleOptions, NolibsLeavesTheDLibraryOut) {
  auto with = open_handle();
  ASSERT_TRUE(with);
  auto ok = with->compile("BEGIN { trace(curpsinfo->pr_pid); }");
  EXPECT_TRUE(ok) << ok.error().message;
  auto without = open_handle();
  ASSERT_TRUE(without);
  ASSERT_TRUE(without->set_option("nolibs", ""));
  auto bad = without->compile("BEGIN { trace(curpsinfo->pr_pid); }");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().tag, ErrTag::D_IDENT_UNDEF);
}

// The -S listing of script compiled with option set to value (none: nullptr).
std::string listing(const char* option, const char* value, const char* script) {
  auto h = open_handle();
  if (!h) return "no handle";
  if (value && !h->set_option(option, value)) return "option refused";
  auto p = h->compile(script);
  return p ? h->disassemble(*p) : p.error().message;
}

// -x ustackbytes: the stack bytes / 8 in bits 16-31 of ustack()'s arg
// (8 KiB by default); 0 is frame pointers only; past 64 KiB refused.
TEST(HandleOptions, UstackbytesSetsTheStackCopy) {
  for (auto [value, arg] : {std::pair<const char*, const char*>{nullptr, "arg 0x4000014\n"},
                            {"0", "arg 0x14\n"},
                            {"4k", "arg 0x2000014\n"},
                            {"64k", "arg 0x20000014\n"}}) {
    std::string text = listing("ustackbytes", value, "BEGIN { ustack(); }");
    EXPECT_NE(text.find(arg), std::string::npos) << text;
  }
  EXPECT_EQ(listing("ustackbytes", "65544", "BEGIN { ustack(); }"), "option refused");
}

// jstack() without a size reserves jstackstrsize bytes of strings: the
// record's argument is frames | stack bytes / 8 << 16 | strsize << 32
// (jstackframes 50, ustackbytes 8k).
TEST(HandleOptions, JstackstrsizeIsJstacksDefaultStringSpace) {
  for (auto [value, arg] : {std::pair<const char*, const char*>{nullptr, "arg 0x20004000032"},
                            {"1k", "arg 0x40004000032"},
                            {"100", "arg 0x6404000032"}}) {
    std::string text = listing("jstackstrsize", value, "BEGIN { jstack(); }");
    EXPECT_NE(text.find(arg), std::string::npos) << text;
  }
}

// An option setting and whether Handle::set_option takes it.
struct Setting {
  const char* name;
  const char* value;
  bool taken;
};

void expect_settings(Handle& h, std::initializer_list<Setting> settings) {
  for (const Setting& s : settings)
    EXPECT_EQ(static_cast<bool>(h.set_option(s.name, s.value)), s.taken) << s.name << "=" << s.value;
}

TEST(HandleOptions, EnvironmentAndEvaltimeValuesAreChecked) {
  auto h = open_handle();
  ASSERT_TRUE(h);
  expect_settings(*h, {{"setenv", "A=1", true},
                       {"setenv", "B=", true},
                       {"setenv", "NOVALUE", false},
                       {"setenv", "=x", false},
                       {"unsetenv", "A", true},
                       {"unsetenv", "A=1", false},
                       {"unsetenv", "", false},
                       {"evaltime", "exec", true},
                       {"evaltime", "preinit", true},
                       {"evaltime", "postinit", true},
                       {"evaltime", "main", true},
                       {"evaltime", "later", false},
                       {"zone", "global", true},
                       {"zone", "web", false},
                       {"linktype", "dof", true},
                       {"linktype", "coff", false},
                       {"linkmode", "static", true},
                       {"linkmode", "shared", false}});
  auto pragma = h->compile("#pragma D option setenv=A=2\nBEGIN {}");
  ASSERT_FALSE(pragma);  // the -c processes exist already
  EXPECT_EQ(pragma.error().message,
            "failed to set option 'setenv' to 'A=2': Option cannot be used from within a D program");
}

}  // namespace
}  // namespace dtrace
