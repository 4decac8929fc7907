#include "cc/library.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "util/dir_names.h"

namespace dtrace::cc {

Dependencies scan_dependencies(std::string_view text) {
  Dependencies d;
  std::istringstream in{std::string(text)};
  for (std::string loc; std::getline(in, loc);) {
    std::istringstream words(loc);
    std::string hash, pragma, d_word, depends, kind, name;
    words >> hash;
    if (hash == "#") words >> pragma;
    else if (hash == "#pragma") pragma = "pragma";
    if (pragma != "pragma") continue;
    words >> d_word >> depends >> kind >> name;
    if (d_word != "D" || depends != "depends_on" || name.empty()) continue;
    if (kind == "library") d.libraries.push_back(name);
    else if (kind == "module") d.modules.push_back(name);
    else if (kind == "provider") d.providers.push_back(name);
  }
  return d;
}

bool module_present(std::string_view name) {
  if (name == "vmlinux" || name == "kernel") return true;
  struct stat st;
  return stat(("/sys/module/" + std::string(name)).c_str(), &st) == 0;
}

namespace {

Status read_dir(const std::string& dir, std::vector<LibraryFile>& out) {
  std::optional<std::vector<std::string>> names = names_ending_in(dir, ".d");
  if (!names) return make_error("cannot read D library directory " + dir + ": " + std::strerror(errno));
  for (const std::string& n : *names) {
    bool hidden = std::any_of(out.begin(), out.end(), [&](const LibraryFile& f) { return f.name == n; });
    if (hidden) continue;
    std::ifstream f(dir + "/" + n);
    if (!f) return make_error("cannot read D library " + dir + "/" + n);
    std::ostringstream text;
    text << f.rdbuf();
    out.push_back({n, dir + "/" + n, text.str()});
  }
  return Ok{};
}

// Depth-first: a library follows those it depends on.
struct Orderer {
  const std::vector<LibraryFile>& files;
  const std::function<bool(const std::string&)>& provider_present;
  std::map<std::string, int> state;  // 1 visiting, 2 loaded, 3 left out
  std::vector<LibraryFile> order;

  const LibraryFile* find(const std::string& name) const {
    for (const LibraryFile& f : files)
      if (f.name == name) return &f;
    return nullptr;
  }

  // True when the library is loaded.
  Result<bool> visit(const LibraryFile& f) {
    int& s = state[f.name];
    if (s == 1) return make_error("D library " + f.path + " depends on itself (through depends_on library)");
    if (s != 0) return s == 2;
    s = 1;
    Dependencies d = scan_dependencies(f.text);
    bool ok = true;
    for (const std::string& m : d.modules) ok = ok && module_present(m);
    for (const std::string& p : d.providers) ok = ok && (!provider_present || provider_present(p));
    for (const std::string& l : d.libraries) {
      if (!ok) break;
      const LibraryFile* dep = find(l);
      if (dep == nullptr)  // DTrace's words: a library no directory holds
        return make_error("Invalid library dependency in " + f.path + ": " + l);
      auto r = visit(*dep);
      if (!r) return r.error();
      ok = *r;
    }
    state[f.name] = ok ? 2 : 3;
    if (ok) order.push_back(f);
    return ok;
  }
};

}  // namespace

Result<std::vector<LibraryFile>> library_files(
    const std::vector<std::string>& dirs, const std::function<bool(const std::string&)>& provider_present) {
  std::vector<LibraryFile> files;
  for (const std::string& dir : dirs) {
    Status st = read_dir(dir, files);
    if (!st) return st.error();
  }
  Orderer o{files, provider_present, {}, {}};
  for (const LibraryFile& f : files) {
    auto r = o.visit(f);
    if (!r) return r.error();
  }
  return std::move(o.order);
}

}  // namespace dtrace::cc
