// Backslash escapes in quoted text as a table: which bytes a writer
// escapes by name ('\n' as "\\n") and, read backwards, which letters a
// reader takes after a backslash. Each writer keeps its own table (the
// D string literal, the %S conversion, the -S listing and JSON differ),
// and the code that walks them is this one.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace dtrace {

struct ByteEscape {
  char byte;
  const char* text;  // backslash and one letter: "\\n"
};

// The table's text for byte c, or nullptr.
const char* escape_text(std::span<const ByteEscape> table, char c);

// The table's row whose escape is a backslash and then `letter`, or nullptr.
const ByteEscape* escape_for_letter(std::span<const ByteEscape> table, char letter);

// s with the table's bytes escaped and every other byte outside printable
// ASCII (below 0x20, 0x7f and above) as C's octal escape, "\\ooo".
std::string octal_escaped(std::string_view s, std::span<const ByteEscape> table);

}  // namespace dtrace
