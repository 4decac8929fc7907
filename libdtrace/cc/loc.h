// Loc: where a token, a node or a diagnostic is in the source. `line` is
// the lexer's (#line and cpp's line markers renumber it); `column` is
// 1-based, in characters of that line as the lexer read it (a tab is one,
// a UTF-8 sequence one). {0, 0}: no position.
#pragma once

#include <cstddef>
#include <string_view>

namespace dtrace::cc {

struct Loc {
  int line = 0;
  int column = 0;
};

// The column of the character at `offset` of `text` (offset == size: the
// end of input).
int column_at(std::string_view text, size_t offset);

// column_at() for the offsets one lexer asks in turn, counted from the
// last one asked: a token's column costs its distance from the previous
// one, not its line's length (cpp may write a whole program, 10^6
// characters, on one line).
class ColumnCounter {
 public:
  int at(std::string_view text, size_t offset);

 private:
  const char* text_ = nullptr;
  size_t offset_ = 0;
  int column_ = 1;
};

}  // namespace dtrace::cc
