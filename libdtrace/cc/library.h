// The D library: *.d files of declarations (types, inlines, translators)
// that every program sees, read from the library directories before a
// Compiler's first program. A file may say what it needs with
//   #pragma D depends_on library other.d | module name | provider name
// and is loaded after the libraries it names; one whose module or
// provider is absent (or that needs such a library) is left out
// silently, as DTrace does.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace dtrace::cc {

struct Dependencies {
  std::vector<std::string> libraries;
  std::vector<std::string> modules;
  std::vector<std::string> providers;
};

// The depends_on pragmas of a D source (control lines only).
Dependencies scan_dependencies(std::string_view text);

// Whether a kernel module is present: "vmlinux" always, else /sys/module/NAME.
bool module_present(std::string_view name);

struct LibraryFile {
  std::string name;  // file name, e.g. "procfs.d"
  std::string path;
  std::string text;
};

// The library files of `dirs` in load order. A file name found in an
// earlier directory hides the same name in later ones. A directory that
// does not exist is an error. `provider_present` is null when there is
// no device: provider dependencies are then taken as met.
Result<std::vector<LibraryFile>> library_files(
    const std::vector<std::string>& dirs, const std::function<bool(const std::string&)>& provider_present);

}  // namespace dtrace::cc
