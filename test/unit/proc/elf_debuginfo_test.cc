// Symbols of stripped files from MiniDebugInfo, separate debug files and
// a debuginfod server (proc/elf_debuginfo.cc: libdwfl), on copies of
// test/d/usym/spin.c built here with the system's cc, objcopy, strip
// and xz.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "proc/elf_debuginfo.h"
#include "proc/elf_object.h"

namespace dtrace::proc {
namespace {

class ElfDebugInfo : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/elfdbg.XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
    ASSERT_EQ(
        sh("cc -O0 -g -o full " DTRACE_SOURCE_DIR "/test/d/usym/spin.c && strip --strip-all -o bare full"),
        0);
  }
  void TearDown() override { (void)sh("test -s server.pid && kill $(cat server.pid); rm -rf " + dir_); }
  int sh(const std::string& cmd) {
    return std::system(("cd " + dir_ + " && (" + cmd + ") >/dev/null 2>&1").c_str());
  }
  // Whether the file names a function hidden_leaf.
  bool names_hidden_leaf(const std::string& file) {
    auto obj = ElfObject::load(dir_ + "/" + file);
    if (!obj) return false;
    for (const ElfSymbol& s : obj->symbols())
      if (s.name == "hidden_leaf") return obj->lookup(s.vaddr) && obj->lookup(s.vaddr)->name == "hidden_leaf";
    return false;
  }
  std::string dir_;
};

TEST_F(ElfDebugInfo, StrippedFileHasNoLocalFunctions) { EXPECT_FALSE(names_hidden_leaf("bare")); }

TEST_F(ElfDebugInfo, MiniDebugInfoNamesThem) {
  ASSERT_EQ(sh("objcopy --only-keep-debug full mini && objcopy --strip-debug mini && xz mini && "
               "objcopy --add-section .gnu_debugdata=mini.xz bare withmini"),
            0);
  EXPECT_TRUE(names_hidden_leaf("withmini"));
}

TEST_F(ElfDebugInfo, CorruptMiniDebugInfoIsIgnored) {
  ASSERT_EQ(sh("head -c 300 /dev/zero > junk && objcopy --add-section .gnu_debugdata=junk bare withjunk"), 0);
  auto obj = ElfObject::load(dir_ + "/withjunk");
  ASSERT_TRUE(obj);
  EXPECT_FALSE(names_hidden_leaf("withjunk"));
}

TEST_F(ElfDebugInfo, DebuglinkNamesThemAndChecksTheCrc) {
  ASSERT_EQ(sh("objcopy --only-keep-debug full linked.debug && "
               "objcopy --strip-all --add-gnu-debuglink=linked.debug full linked"),
            0);
  EXPECT_TRUE(names_hidden_leaf("linked"));
  ASSERT_EQ(sh("mkdir .debug && mv linked.debug .debug/"), 0);
  EXPECT_TRUE(names_hidden_leaf("linked"));
  ASSERT_EQ(sh("echo x >> .debug/linked.debug"), 0);
  EXPECT_FALSE(names_hidden_leaf("linked"));
}

// A random build-id, so that no real debug file is met; the debug file
// goes where distributions put it and is removed after.
TEST_F(ElfDebugInfo, BuildIdDebugFileNamesThem) {
  ASSERT_EQ(sh("id=$(od -An -tx1 -N20 /dev/urandom | tr -d ' \\n') && echo $id > id && "
               "cc -O0 -g -Wl,--build-id=0x$id -o byid " DTRACE_SOURCE_DIR "/test/d/usym/spin.c && "
               "mkdir -p /usr/lib/debug/.build-id/${id%${id#??}} && "
               "objcopy --only-keep-debug byid /usr/lib/debug/.build-id/${id%${id#??}}/${id#??}.debug && "
               "strip --strip-all byid"),
            0);
  bool named = names_hidden_leaf("byid");
  (void)sh(
      "id=$(cat id) && rm -f /usr/lib/debug/.build-id/${id%${id#??}}/${id#??}.debug && "
      "rmdir /usr/lib/debug/.build-id/${id%${id#??}} 2>/dev/null");
  EXPECT_TRUE(named);
}

// A file that could not be opened once (here: no descriptor left; in
// dtrace, a path through the root of a process exiting meanwhile) is
// looked up again the next time, not remembered as one without lines.
TEST_F(ElfDebugInfo, SourceLineRetriesAFileItCouldNotOpen) {
  auto obj = ElfObject::load(dir_ + "/full");
  ASSERT_TRUE(obj);
  uint64_t leaf = 0;
  for (const ElfSymbol& s : obj->symbols())
    if (s.name == "hidden_leaf") leaf = s.vaddr;
  ASSERT_NE(leaf, 0u);
  std::string path = dir_ + "/full";
  rlimit saved;
  ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &saved), 0);
  int lowest = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  ASSERT_GE(lowest, 0);
  ::close(lowest);
  rlimit none = saved;
  none.rlim_cur = static_cast<rlim_t>(lowest);  // the next open() gets EMFILE
  ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &none), 0);
  DebugLines lines;
  std::optional<SourceLine> starved = lines.source_line(obj->file_id(), {path}, leaf);
  ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &saved), 0);
  EXPECT_FALSE(starved);
  std::optional<SourceLine> later = lines.source_line(obj->file_id(), {path}, leaf);
  ASSERT_TRUE(later);
  EXPECT_NE(later->file.find("spin.c"), std::string::npos) << later->file;
  // gcc puts the function's first instruction on its opening brace, the
  // line after the one that names it.
  std::ifstream src(DTRACE_SOURCE_DIR "/test/d/usym/spin.c");
  int n = 0, named = 0;
  for (std::string l; !named && std::getline(src, l); n++)
    if (l.find("void hidden_leaf(") != std::string::npos) named = n + 1;
  EXPECT_EQ(later->line, named + 1);
}

// debuginfod's protocol is plain HTTP (GET /buildid/HEX/debuginfo):
// python's http.server over such a directory, on a free port of the
// loopback, is a server. libdw asks it only when DEBUGINFOD_URLS names
// it, and only for a file without symbols of its own.
TEST_F(ElfDebugInfo, DebuginfodServerNamesThem) {
  ASSERT_EQ(sh("id=$(od -An -tx1 -N20 /dev/urandom | tr -d ' \\n') && "
               "cc -O0 -g -Wl,--build-id=0x$id -o served " DTRACE_SOURCE_DIR "/test/d/usym/spin.c && "
               "mkdir -p srv/buildid/$id && objcopy --only-keep-debug served srv/buildid/$id/debuginfo && "
               "strip --strip-all served"),
            0);
  ASSERT_EQ(sh(R"(python3 -c 'import functools, http.server as h, os
s = h.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(h.SimpleHTTPRequestHandler, directory="srv"))
open("port.tmp", "w").write(str(s.server_port)); os.rename("port.tmp", "port"); s.serve_forever()' &
echo $! > server.pid; for i in $(seq 100); do test -s port && exit 0; sleep 0.1; done; exit 1)"),
            0);
  std::string port;
  std::getline(std::ifstream(dir_ + "/port"), port);
  ::unsetenv("DEBUGINFOD_URLS");
  EXPECT_FALSE(names_hidden_leaf("served"));
  ::setenv("DEBUGINFOD_CACHE_PATH", (dir_ + "/cache").c_str(), 1);
  ::setenv("DEBUGINFOD_URLS", ("http://127.0.0.1:" + port).c_str(), 1);
  bool named = names_hidden_leaf("served");
  ::unsetenv("DEBUGINFOD_URLS");
  ::unsetenv("DEBUGINFOD_CACHE_PATH");
  EXPECT_TRUE(named);
}

}  // namespace
}  // namespace dtrace::proc
