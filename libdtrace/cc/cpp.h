// The C preprocessor pass (dtrace -C): runs an external cpp over D
// source before the lexer sees it. cpp's line markers ("# 12 "file"")
// keep diagnostics on the caller's line numbers; its own messages go to
// our stderr as DTrace lets them. Nothing here knows D.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace dtrace::cc {

struct CppOptions {
  bool enabled = false;           // -C / -x cpp
  std::string path = "cpp";       // -x cpppath (searched in PATH)
  std::vector<std::string> args;  // -D / -U / -I as cpp spells them, in order
  bool print_includes = false;    // -H / -x cpphdrs
  // -X / -x stdc: a (default) and t define __STDC__ as 0, c as 1, s runs
  // a K&R (traditional) cpp that leaves it undefined.
  char stdc = 'a';
  // Where dtrace's own headers (<sys/dtrace.h>) are: searched after the
  // user's -I directories, before the system ones. Empty: none.
  std::string include_dir;
};

// The argument vector for cpp (argv[0] included), predefines first so
// that the user's -U can undo them.
std::vector<std::string> cpp_argv(const CppOptions& o);

// Blanks the C function definitions of system headers (line markers
// with flag 3) in cpp's output, keeping its line ends.
void blank_system_functions(std::string& text);

// Preprocesses `source`; the error says why cpp could not run or failed.
Result<std::string> preprocess(std::string_view source, const CppOptions& o);

}  // namespace dtrace::cc
