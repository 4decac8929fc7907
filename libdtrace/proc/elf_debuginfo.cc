#include "proc/elf_debuginfo.h"

#include <fcntl.h>
#include <gelf.h>
#include <lzma.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <optional>
#include <vector>

#include "util/build_id.h"

namespace dtrace::proc {
namespace {

// MiniDebugInfo holds symbols only (a few MiB for the largest
// libraries); a decompressed size beyond this is no such section.
constexpr size_t kMaxDebugData = 256u << 20;

// An ELF file opened for reading, closed when it goes.
struct ElfFile {
  int fd = -1;
  Elf* elf = nullptr;
  explicit ElfFile(const std::string& path) {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd >= 0) elf = elf_begin(fd, ELF_C_READ, nullptr);
    if (elf && elf_kind(elf) != ELF_K_ELF) elf_end(elf), elf = nullptr;
  }
  ~ElfFile() {
    if (elf) elf_end(elf);
    if (fd >= 0) ::close(fd);
  }
  ElfFile(const ElfFile&) = delete;
  ElfFile& operator=(const ElfFile&) = delete;
};

Elf_Scn* section_named(Elf* elf, const char* name) {
  size_t shstrndx;
  if (elf_getshdrstrndx(elf, &shstrndx) != 0) return nullptr;
  for (Elf_Scn* scn = elf_nextscn(elf, nullptr); scn; scn = elf_nextscn(elf, scn)) {
    GElf_Shdr sh;
    const char* n = gelf_getshdr(scn, &sh) ? elf_strptr(elf, shstrndx, sh.sh_name) : nullptr;
    if (n && std::strcmp(n, name) == 0) return scn;
  }
  return nullptr;
}

Elf_Scn* symtab_of(Elf* elf) {
  for (Elf_Scn* scn = elf_nextscn(elf, nullptr); scn; scn = elf_nextscn(elf, scn)) {
    GElf_Shdr sh;
    if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_SYMTAB && sh.sh_entsize) return scn;
  }
  return nullptr;
}

// The NT_GNU_BUILD_ID note's bytes, "" when there is none.
std::string build_id(Elf* elf) {
  for (Elf_Scn* scn = elf_nextscn(elf, nullptr); scn; scn = elf_nextscn(elf, scn)) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE) continue;
    Elf_Data* d = elf_getdata(scn, nullptr);
    GElf_Nhdr nh;
    size_t off = 0, name_off, desc_off;
    while (d && (off = gelf_getnote(d, off, &nh, &name_off, &desc_off)) != 0) {
      if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
          std::memcmp(static_cast<char*>(d->d_buf) + name_off, "GNU", 4) == 0)
        return std::string(static_cast<char*>(d->d_buf) + desc_off, nh.n_descsz);
    }
  }
  return "";
}

// "/proc/PID/root" when path was opened through it, else "".
std::string root_of(const std::string& path) {
  if (path.rfind("/proc/", 0) != 0) return "";
  size_t i = 6;
  while (i < path.size() && std::isdigit(static_cast<unsigned char>(path[i]))) i++;
  return path.compare(i, 6, "/root/") == 0 ? path.substr(0, i + 5) : "";
}

uint32_t file_crc(int fd) {
  uLong crc = crc32(0, nullptr, 0);
  unsigned char buf[65536];
  ssize_t n;
  off_t at = 0;
  while ((n = ::pread(fd, buf, sizeof buf, at)) > 0) {
    crc = crc32(crc, buf, static_cast<uInt>(n));
    at += n;
  }
  return static_cast<uint32_t>(crc);
}

bool same_file(const std::string& a, int fd) {
  struct stat sa, sb;
  return ::stat(a.c_str(), &sa) == 0 && ::fstat(fd, &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

// A debug file is taken when its build-id is the file's (when both have
// one) and, found by debuglink, its CRC is the one the link records.
bool use_debug_file(const ElfFile& f, const std::string& id, const std::optional<uint32_t>& crc,
                    const std::function<void(Elf*, Elf_Scn*)>& each) {
  if (!f.elf) return false;
  std::string fid = build_id(f.elf);
  if (!id.empty() && !fid.empty() && fid != id) return false;
  if (crc && file_crc(f.fd) != *crc) return false;
  Elf_Scn* s = symtab_of(f.elf);
  if (!s) return false;
  each(f.elf, s);
  return true;
}

bool from_build_id(const std::string& root, const std::string& id,
                   const std::function<void(Elf*, Elf_Scn*)>& each) {
  std::string link = util::build_id_debug_path(id);
  if (link.empty()) return false;
  ElfFile f(root + link);
  return use_debug_file(f, id, std::nullopt, each);
}

bool from_debuglink(Elf* elf, const std::string& path, const std::string& id,
                    const std::function<void(Elf*, Elf_Scn*)>& each) {
  Elf_Scn* scn = section_named(elf, ".gnu_debuglink");
  Elf_Data* d = scn ? elf_getdata(scn, nullptr) : nullptr;
  if (!d || d->d_size < 8) return false;
  const char* p = static_cast<const char*>(d->d_buf);
  size_t len = strnlen(p, d->d_size);
  size_t crc_at = (len + 4) & ~size_t{3};
  if (len == 0 || crc_at + 4 > d->d_size || std::strchr(p, '/')) return false;
  uint32_t crc;
  std::memcpy(&crc, p + crc_at, 4);  // in the file's byte order: native here
  std::string name(p, len), root = root_of(path);
  std::string dir = path.substr(root.size(), path.rfind('/') - root.size());
  for (const std::string& cand : {root + dir + "/" + name, root + dir + "/.debug/" + name,
                                  root + "/usr/lib/debug" + dir + "/" + name}) {
    ElfFile f(cand);
    if (f.fd >= 0 && same_file(path, f.fd)) continue;
    if (use_debug_file(f, id, crc, each)) return true;
  }
  return false;
}

// .gnu_debugdata decompressed into memory, read as an ELF image.
bool from_debugdata(Elf* elf, const std::function<void(Elf*, Elf_Scn*)>& each) {
  Elf_Scn* scn = section_named(elf, ".gnu_debugdata");
  Elf_Data* d = scn ? elf_rawdata(scn, nullptr) : nullptr;
  if (!d || !d->d_buf || d->d_size == 0) return false;
  lzma_stream strm = LZMA_STREAM_INIT;
  if (lzma_stream_decoder(&strm, UINT64_MAX, 0) != LZMA_OK) return false;
  std::vector<uint8_t> out(std::min<size_t>(d->d_size * 8, kMaxDebugData));
  strm.next_in = static_cast<const uint8_t*>(d->d_buf);
  strm.avail_in = d->d_size;
  lzma_ret r = LZMA_OK;
  while (r == LZMA_OK) {
    if (strm.total_out == out.size()) {
      if (out.size() >= kMaxDebugData) break;
      out.resize(std::min(out.size() * 2, kMaxDebugData));
    }
    strm.next_out = out.data() + strm.total_out;
    strm.avail_out = out.size() - strm.total_out;
    r = lzma_code(&strm, LZMA_FINISH);
  }
  size_t n = strm.total_out;
  lzma_end(&strm);
  if (r != LZMA_STREAM_END) return false;
  Elf* mini = elf_memory(reinterpret_cast<char*>(out.data()), n);
  if (!mini) return false;
  Elf_Scn* s = elf_kind(mini) == ELF_K_ELF ? symtab_of(mini) : nullptr;
  if (s) each(mini, s);
  elf_end(mini);
  return s != nullptr;
}

}  // namespace

bool with_debug_symtab(Elf* elf, const std::string& path, const std::function<void(Elf*, Elf_Scn*)>& each) {
  std::string id = build_id(elf);
  return from_build_id(root_of(path), id, each) || from_debuglink(elf, path, id, each) ||
         from_debugdata(elf, each);
}

}  // namespace dtrace::proc
