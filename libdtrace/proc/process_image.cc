#include "proc/process_image.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace dtrace::proc {
namespace {

std::string base_name(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

bool MappedObject::contains(uint64_t addr) const {
  for (const Mapping& m : maps)
    if (addr >= m.start && addr < m.end) return true;
  return false;
}

std::optional<uint64_t> MappedObject::to_vaddr(uint64_t addr) const {
  if (!elf) return std::nullopt;
  for (const Mapping& m : maps)
    if (addr >= m.start && addr < m.end) return elf->vaddr_of(addr - m.start + m.offset);
  return std::nullopt;
}

std::optional<uint64_t> MappedObject::to_runtime(uint64_t vaddr) const {
  if (!elf) return std::nullopt;
  for (const Mapping& m : maps)
    if (auto at = elf->vaddr_of(m.offset)) return vaddr - *at + m.start;
  return std::nullopt;
}

ProcessImage ProcessImage::group(pid_t pid, const FileMaps& maps, const std::string& exe,
                                 const std::string& open_root) {
  ProcessImage img;
  img.pid_ = pid;
  for (const auto& [path, m] : maps) {
    if (img.objects_.empty() || img.objects_.back().path != path) {
      MappedObject o;
      o.path = path;
      o.module = base_name(path);
      o.executable = path == exe;
      o.open_path = open_root + path;
      img.objects_.push_back(std::move(o));
    }
    img.objects_.back().maps.push_back(m);
  }
  return img;
}

ProcessImage ProcessImage::of_dump(pid_t pid, const FileMaps& maps, const std::string& exe,
                                   ObjectFiles& files) {
  ProcessImage img = group(pid, maps, exe, "");
  for (MappedObject& o : img.objects_) o.elf = files.elf(o.open_path);
  return img;
}

ProcessImage ProcessImage::parse(pid_t pid, const std::string& maps_text, const std::string& exe) {
  FileMaps maps;
  std::istringstream in(maps_text);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string range, perms, off, dev, inode, path;
    if (!(ls >> range >> perms >> off >> dev >> inode)) continue;
    std::getline(ls >> std::ws, path);
    if (path.empty() || path[0] != '/') continue;  // anonymous, [stack], [vdso]
    Mapping m;
    m.start = std::strtoull(range.c_str(), nullptr, 16);
    m.end = std::strtoull(range.c_str() + range.find('-') + 1, nullptr, 16);
    m.offset = std::strtoull(off.c_str(), nullptr, 16);
    maps.emplace_back(path, m);
  }
  return group(pid, maps, exe, "/proc/" + std::to_string(pid) + "/root");
}

Result<ProcessImage> ProcessImage::read(pid_t pid, ObjectFiles& files) {
  std::string dir = "/proc/" + std::to_string(pid);
  std::ifstream f(dir + "/maps");
  if (!f) return make_error(std::strerror(errno));
  std::stringstream ss;
  ss << f.rdbuf();
  char exe[4096];
  ssize_t n = ::readlink((dir + "/exe").c_str(), exe, sizeof exe - 1);
  std::string exe_path = n > 0 ? std::string(exe, static_cast<size_t>(n)) : "";
  ProcessImage img = parse(pid, ss.str(), exe_path);
  if (img.objects_.empty()) return make_error("process has no mappings (it has exited)");
  for (MappedObject& o : img.objects_) o.elf = files.elf(o.open_path);
  return img;
}

UserAddress ProcessImage::resolve(uint64_t addr) const {
  UserAddress r;
  for (const MappedObject& o : objects_) {
    if (!o.contains(addr)) continue;
    r.object = &o;
    auto va = o.to_vaddr(addr);
    if (va && (r.symbol = o.elf->lookup(*va))) r.offset = *va - r.symbol->vaddr;
    break;
  }
  return r;
}

DataSymbol ProcessImage::data_symbol(std::string_view mod, std::string_view name, bool a_out) const {
  DataSymbol r;
  // A named module: one pass. Any module (""): executables, then the rest.
  for (int pass = 0; pass < (mod.empty() ? 2 : 1); pass++) {
    for (const MappedObject& o : objects_) {
      bool is_a_out = a_out && o.executable;
      if (mod.empty() ? o.executable != (pass == 0) : !(o.module == mod || (is_a_out && mod == "a.out")))
        continue;
      r.module_known = true;
      const ElfSymbol* s = o.elf ? o.elf->data_symbol(name) : nullptr;
      auto at = s ? o.to_runtime(s->vaddr) : std::nullopt;
      if (!at) continue;
      r.found = true;
      r.module = is_a_out && mod != o.module ? "a.out" : o.module;
      r.addr = *at;
      return r;
    }
  }
  return r;
}

}  // namespace dtrace::proc
