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

namespace {

// The next whitespace-separated word of line from at (as istream's >>
// splits), "" past the end.
std::string_view next_word(std::string_view line, size_t& at) {
  auto space = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
  };
  while (at < line.size() && space(line[at])) at++;
  size_t from = at;
  while (at < line.size() && !space(line[at])) at++;
  return line.substr(from, at - from);
}

}  // namespace

// A word at a time, without streams: every start-up scans every library.
Dependencies scan_dependencies(std::string_view text) {
  Dependencies d;
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (line.find("pragma") == std::string_view::npos) continue;  // cannot be one
    size_t at = 0;
    std::string_view hash = next_word(line, at), pragma;
    if (hash == "#") pragma = next_word(line, at);
    else if (hash == "#pragma") pragma = "pragma";
    if (pragma != "pragma") continue;
    std::string_view d_word = next_word(line, at), depends = next_word(line, at);
    std::string_view kind = next_word(line, at), name = next_word(line, at);
    if (d_word != "D" || depends != "depends_on" || name.empty()) continue;
    if (kind == "library") d.libraries.emplace_back(name);
    else if (kind == "module") d.modules.emplace_back(name);
    else if (kind == "provider") d.providers.emplace_back(name);
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
