#include "proc/object_files.h"

#include <sys/stat.h>

namespace dtrace::proc {

std::shared_ptr<const ElfObject> ObjectFiles::elf(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return nullptr;
  auto key = std::make_pair(st.st_dev, st.st_ino);
  auto it = elves_.find(key);
  if (it != elves_.end()) return it->second;
  auto obj = ElfObject::load(path);
  std::shared_ptr<const ElfObject> p = obj ? std::make_shared<const ElfObject>(std::move(*obj)) : nullptr;
  elves_.emplace(key, p);
  return p;
}

}  // namespace dtrace::proc
