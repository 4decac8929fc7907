#include "postmortem/core_image.h"

#include <algorithm>

namespace dtrace::postmortem {

proc::ProcessImage core_image(const CoreDump& dump, proc::ObjectFiles& files) {
  proc::ProcessImage::FileMaps maps;
  for (const MappedFile& f : dump.files()) maps.emplace_back(f.path, proc::Mapping{f.start, f.end, f.offset});
  std::sort(maps.begin(), maps.end(),
            [](const auto& a, const auto& b) { return a.second.start < b.second.start; });
  return proc::ProcessImage::of_dump(static_cast<pid_t>(dump.process().pid), maps, dump.executable(), files);
}

}  // namespace dtrace::postmortem
