#include "consume/perf_map.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

namespace dtrace::consume {
namespace {

// A hex number with an optional 0x, then one blank; false if malformed.
bool hex_field(std::string_view& line, uint64_t& v) {
  if (line.starts_with("0x") || line.starts_with("0X")) line.remove_prefix(2);
  auto [p, ec] = std::from_chars(line.data(), line.data() + line.size(), v, 16);
  if (ec != std::errc() || p == line.data() + line.size() || *p != ' ') return false;
  line.remove_prefix(static_cast<size_t>(p - line.data()) + 1);
  return true;
}

}  // namespace

PerfMap PerfMap::parse(std::string_view text) {
  PerfMap m;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    Symbol s;
    if (!hex_field(line, s.start) || !hex_field(line, s.size) || line.empty() || s.size == 0) continue;
    s.name = line;
    m.syms_.push_back(std::move(s));
  }
  // Sorted by start, the last written of equal starts kept.
  std::stable_sort(m.syms_.begin(), m.syms_.end(),
                   [](const Symbol& a, const Symbol& b) { return a.start < b.start; });
  std::vector<Symbol> kept;
  for (Symbol& s : m.syms_) {
    if (!kept.empty() && kept.back().start == s.start) kept.back() = std::move(s);
    else kept.push_back(std::move(s));
  }
  m.syms_ = std::move(kept);
  return m;
}

std::string PerfMap::module(pid_t pid) { return "perf-" + std::to_string(pid) + ".map"; }

std::optional<PerfMap> PerfMap::read(pid_t pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/root/tmp/" + module(pid));
  if (!f) f.open("/tmp/" + module(pid));  // the process has exited
  if (!f) return std::nullopt;
  std::stringstream ss;
  ss << f.rdbuf();
  return parse(ss.str());
}

const PerfMap::Symbol* PerfMap::lookup(uint64_t addr) const {
  auto it = std::upper_bound(syms_.begin(), syms_.end(), addr,
                             [](uint64_t a, const Symbol& s) { return a < s.start; });
  if (it == syms_.begin()) return nullptr;
  --it;
  return addr - it->start < it->size ? &*it : nullptr;
}

}  // namespace dtrace::consume
