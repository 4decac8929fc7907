// A directory's names that end in a suffix, sorted, so that its files are
// read in a stable order: the D library's *.d files (cc/library.cc) and
// test/kcore's container corpus. Header-only: the kcore tests do not link
// libdtrace.
#pragma once

#include <dirent.h>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dtrace {

// The entries of dir longer than suffix and ending in it, sorted; nullopt
// if dir cannot be opened (errno says why).
inline std::optional<std::vector<std::string>> names_ending_in(const std::string& dir,
                                                               std::string_view suffix) {
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) return std::nullopt;
  std::vector<std::string> names;
  while (const dirent* e = readdir(d)) {
    std::string_view n = e->d_name;
    if (n.size() > suffix.size() && n.ends_with(suffix)) names.emplace_back(n);
  }
  closedir(d);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace dtrace
