// A dump's memory (postmortem/core_memory.h): bytes from the dump's
// segments, the pages a dump leaves out from the file mapped there, and
// a fault for an address in no segment or past what either holds, or
// in a file that is no longer a regular one.
#include "postmortem/core_memory.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <string>
#include <vector>

#include "postmortem/core_dump.h"

namespace dtrace::postmortem {
namespace {

// A file of `text` that lives as long as the test.
struct TempFile {
  explicit TempFile(const std::string& text) {
    char name[] = "/tmp/core_memory_testXXXXXX";
    int fd = mkstemp(name);
    path = name;
    if (fd >= 0) {
      EXPECT_EQ(write(fd, text.data(), text.size()), static_cast<ssize_t>(text.size()));
      close(fd);
    }
  }
  ~TempFile() { unlink(path.c_str()); }
  std::string path;
};

std::string read(const CoreMemory& m, uint64_t addr, size_t n, int* err) {
  std::string out(n, '\0');
  *err = m.read(out.data(), addr, n);
  return out;
}

TEST(CoreMemory, ReadsSegmentsAndLeftOutPagesFromTheMappedFile) {
  std::string dump = "0123456789abcdef";
  TempFile file("..........FILE-TEXT");
  // 0x1000: 8 bytes dumped of 16 (the rest in the file from offset 10);
  // 0x2000: 8 bytes dumped, right after the first segment's end.
  std::vector<Segment> segs = {{0x2000, 8, 8, 8}, {0x1000, 16, 0, 8}};
  CoreMemory m(reinterpret_cast<const uint8_t*>(dump.data()), dump.size(), segs,
               {{0x1000, 0x1010, 2, file.path}});
  int err = 0;
  EXPECT_EQ(read(m, 0x1002, 4, &err), "2345");
  EXPECT_EQ(err, 0);
  EXPECT_EQ(read(m, 0x1006, 6, &err), "67FILE");  // dumped, then the file's
  EXPECT_EQ(err, 0);
  EXPECT_EQ(read(m, 0x2002, 3, &err), "abc");
  EXPECT_EQ(err, 0);
  read(m, 0x3000, 1, &err);  // in no segment
  EXPECT_EQ(err, -EFAULT);
  read(m, 0x200a, 1, &err);  // past the segment's end
  EXPECT_EQ(err, -EFAULT);
  read(m, 0x100e, 4, &err);  // runs off the first segment
  EXPECT_EQ(err, -EFAULT);
  m.relocate(0, file.path + ".gone");  // the file is not where the dump said
  read(m, 0x1008, 1, &err);
  EXPECT_EQ(err, -EFAULT);
}

// A dump names the files it mapped; one that is now a FIFO (or a
// device) is not opened to block the reader: its pages cannot be read.
TEST(CoreMemory, LeavesAFileThatIsNoLongerRegular) {
  std::string dump = "01234567";
  // In a directory of its own: other tests read every file of /tmp's.
  char dir[] = "/tmp/core_memory_fifoXXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string fifo = std::string(dir) + "/fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  CoreMemory m(reinterpret_cast<const uint8_t*>(dump.data()), dump.size(), {{0x1000, 16, 0, 8}},
               {{0x1000, 0x1010, 0, fifo}});
  int err = 0;
  read(m, 0x1008, 1, &err);
  EXPECT_EQ(err, -EFAULT);
  EXPECT_EQ(open_mapped_file(fifo.c_str()), -1);
  EXPECT_EQ(open_mapped_file("/dev/zero"), -1);
  unlink(fifo.c_str());
  rmdir(dir);
}

TEST(CoreDump, RefusesAFileThatIsNotACore) {
  TempFile file("not ELF at all");
  auto c = CoreDump::open(file.path, "");
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().message.find("not ELF"), std::string::npos) << c.error().message;
  auto exe = CoreDump::open("/proc/self/exe", "");
  ASSERT_FALSE(exe);
  EXPECT_NE(exe.error().message.find("not a core file"), std::string::npos) << exe.error().message;
}

}  // namespace
}  // namespace dtrace::postmortem
