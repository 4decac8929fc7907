#include "proc/elf_debuginfo.h"

#include <elfutils/libdwelf.h>
#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include <sys/stat.h>

#include <cctype>
#include <cstring>
#include <map>
#include <memory>

namespace dtrace::proc {
namespace {

// "/proc/PID/root" when path was opened through it, else "".
std::string root_of(const std::string& path) {
  if (path.rfind("/proc/", 0) != 0) return "";
  size_t i = 6;
  while (i < path.size() && std::isdigit(static_cast<unsigned char>(path[i]))) i++;
  return path.compare(i, 6, "/root/") == 0 ? path.substr(0, i + 5) : "";
}

uint32_t file_crc(const char* path) {
  int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  uLong crc = crc32(0, nullptr, 0);
  unsigned char buf[65536];
  ssize_t n;
  while (fd >= 0 && (n = ::read(fd, buf, sizeof buf)) > 0) crc = crc32(crc, buf, static_cast<uInt>(n));
  if (fd >= 0) ::close(fd);
  return static_cast<uint32_t>(crc);
}

std::string base_name(const char* p) {
  const char* s = std::strrchr(p, '/');
  return s ? s + 1 : p;
}

// libdwfl checks a debug file found by .gnu_debuglink against the
// file's build-id alone when it has one; a debug file changed since the
// link was made (its CRC another) is refused here, as gdb does.
bool debuglink_crc_ok(Dwfl_Module* mod, const char* debug_file) {
  Dwarf_Addr bias;
  Elf* main = dwfl_module_getelf(mod, &bias);
  GElf_Word crc = 0;
  const char* link = main ? dwelf_elf_gnu_debuglink(main, &crc) : nullptr;
  if (!link || base_name(debug_file) != link || std::strstr(debug_file, "/.build-id/")) return true;
  return file_crc(debug_file) == crc;
}

struct DwflDeleter {
  void operator()(Dwfl* d) const { dwfl_end(d); }
};

}  // namespace

// A Dwfl holding the one file at path, reported at 0 (an ET_DYN file's
// addresses are then its link-time ones), with libdwfl's standard
// debug-file search: build-id, debuglink, debuginfod.
struct FileDwfl {
  std::string debug_path;  // the search path under the file's root
  char* debug_path_p = nullptr;
  Dwfl_Callbacks callbacks{nullptr, dwfl_standard_find_debuginfo, nullptr, &debug_path_p};
  std::unique_ptr<Dwfl, DwflDeleter> dwfl;
  Dwfl_Module* mod = nullptr;

  explicit FileDwfl(const std::string& path) : FileDwfl(path, ::open(path.c_str(), O_RDONLY | O_CLOEXEC)) {}
  // The file already open at fd (taken, even on failure; -1 for none).
  FileDwfl(const std::string& path, int fd) {
    // libdwfl's default (":.debug:/usr/lib/debug") for the host's files.
    std::string root = root_of(path);
    debug_path = ":.debug:" + root + "/usr/lib/debug";
    debug_path_p = root.empty() ? nullptr : debug_path.data();
    dwfl.reset(dwfl_begin(&callbacks));
    if (fd >= 0 && dwfl)
      mod = dwfl_report_elf(dwfl.get(), base_name(path.c_str()).c_str(), path.c_str(), fd, 0, false);
    if (!mod && fd >= 0) ::close(fd);  // libdwfl owns fd once the module is reported
    if (dwfl) dwfl_report_end(dwfl.get(), nullptr, nullptr);
  }
  FileDwfl(const FileDwfl&) = delete;
  FileDwfl& operator=(const FileDwfl&) = delete;
  Dwarf_Addr bias() const {
    Dwarf_Addr b = 0;
    dwfl_module_getelf(mod, &b);
    return b;
  }
};

bool with_debug_symbols(const std::string& path,
                        const std::function<void(const char*, const GElf_Sym&)>& each) {
  FileDwfl f(path);
  int n = f.mod ? dwfl_module_getsymtab(f.mod) : -1;
  if (n <= 0) return false;
  const char* debug_file = nullptr;
  dwfl_module_info(f.mod, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, &debug_file);
  if (debug_file && !debuglink_crc_ok(f.mod, debug_file)) return false;
  Dwarf_Addr bias = f.bias();
  for (int i = 0; i < n; i++) {
    GElf_Sym sym;
    GElf_Addr addr;
    GElf_Word shndx;
    const char* name = dwfl_module_getsym_info(f.mod, i, &sym, &addr, &shndx, nullptr, nullptr);
    if (!name || shndx == SHN_UNDEF) continue;
    sym.st_value = addr - bias;
    each(name, sym);
  }
  return true;
}

DebugLines::DebugLines() = default;
DebugLines::~DebugLines() = default;

std::optional<SourceLine> DebugLines::source_line(std::pair<uint64_t, uint64_t> id,
                                                  std::initializer_list<std::string> paths, uint64_t vaddr) {
  constexpr size_t kMaxFiles = 64;
  auto it = files_.find(id);
  for (auto p = paths.begin(); it == files_.end() && p != paths.end(); ++p) {
    // Opened, then checked: a path through an exiting process's root
    // can vanish between a stat() and an open(), and a file that could
    // not be read is not remembered as one without lines.
    int fd = ::open(p->c_str(), O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd >= 0 && (::fstat(fd, &st) != 0 || std::pair<uint64_t, uint64_t>(st.st_dev, st.st_ino) != id)) {
      ::close(fd);
      fd = -1;
    }
    if (fd < 0) continue;
    auto f = std::make_unique<FileDwfl>(*p, fd);
    if (!f->mod) continue;
    if (files_.size() >= kMaxFiles) files_.clear();
    it = files_.emplace(id, std::move(f)).first;
  }
  if (it == files_.end()) return std::nullopt;
  const FileDwfl& f = *it->second;
  Dwfl_Line* l = f.mod ? dwfl_module_getsrc(f.mod, vaddr + f.bias()) : nullptr;
  int line = 0;
  const char* file = l ? dwfl_lineinfo(l, nullptr, &line, nullptr, nullptr, nullptr) : nullptr;
  if (!file || line <= 0) return std::nullopt;
  return SourceLine{file, line};
}

}  // namespace dtrace::proc
