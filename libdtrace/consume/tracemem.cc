#include "consume/tracemem.h"

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

}  // namespace dtrace::consume
