#include "consume/tracemem.h"

#include <cctype>
#include <cstdio>

namespace dtrace::consume {

namespace {
constexpr int kMargin = 5;  // blanks before every row, as DTrace indents the dump
constexpr size_t kRow = 16;
}  // namespace

std::string format_tracemem(std::span<const uint8_t> bytes) {
  if (bytes.empty()) return {};
  std::string out = "\n" + std::string(kMargin + 6, ' ');
  for (size_t i = 0; i < kRow; i++) {
    out += "  ";
    out += "0123456789abcdef"[i];
  }
  out += "  0123456789abcdef\n";
  char buf[24];
  for (size_t row = 0; row < bytes.size(); row += kRow) {
    std::snprintf(buf, sizeof buf, "%5zx:", row);
    out += std::string(kMargin, ' ') + buf;
    size_t end = row + kRow < bytes.size() ? row + kRow : bytes.size();
    for (size_t j = row; j < end; j++) {
      std::snprintf(buf, sizeof buf, " %02x", bytes[j]);
      out += buf;
    }
    out += std::string(3 * (row + kRow - end), ' ') + "  ";
    for (size_t j = row; j < end; j++)
      out += bytes[j] < ' ' || bytes[j] > '~' ? '.' : static_cast<char>(bytes[j]);
    out += '\n';
  }
  return out;
}

std::string format_bytes(std::span<const uint8_t> bytes, bool quiet, bool rawbytes, size_t width) {
  if (bytes.empty()) return {};
  if (rawbytes) return format_tracemem(bytes);
  auto text = [&](size_t n, bool bare) {
    std::string s(reinterpret_cast<const char*>(bytes.data()), n);
    if (bare) return s;
    return s.size() >= width ? "  " + s : "  " + s + std::string(width - s.size(), ' ');
  };
  for (size_t i = 0; i < bytes.size(); i++) {
    int c = bytes[i];
    if (std::isprint(c) || std::isspace(c) || c == '\b' || c == '\a') continue;
    if (c != 0 || i == 0) return format_tracemem(bytes);
    for (size_t j = i + 1; j < bytes.size(); j++)
      if (bytes[j] != 0) return format_tracemem(bytes);
    return text(i, quiet);
  }
  return text(bytes.size(), false);
}

}  // namespace dtrace::consume
