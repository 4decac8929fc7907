#include "util/escape.h"

#include <cstdio>

namespace dtrace {

const char* escape_text(std::span<const ByteEscape> table, char c) {
  for (const ByteEscape& e : table)
    if (e.byte == c) return e.text;
  return nullptr;
}

const ByteEscape* escape_for_letter(std::span<const ByteEscape> table, char letter) {
  for (const ByteEscape& e : table)
    if (e.text[1] == letter) return &e;
  return nullptr;
}

std::string octal_escaped(std::string_view s, std::span<const ByteEscape> table) {
  std::string out;
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if (const char* text = escape_text(table, ch)) {
      out += text;
    } else if (c >= 0x20 && c < 0x7f) {
      out += ch;
    } else {
      char b[8];
      std::snprintf(b, sizeof b, "\\%03o", c);
      out += b;
    }
  }
  return out;
}

}  // namespace dtrace
