// -x tree=N: the parse tree as indented text on a stream, one node per
// line ("binary + : int", "call trace"), for debugging the compiler. N is
// a mask of the points where the tree is printed: 1 after parsing, 2
// after type checking (each expression shows its type), 4 after constant
// folding. The format is ours, not DTrace's.
#pragma once

#include <cstdio>

#include "cc/ast.h"

namespace dtrace::cc {

void print_tree(const ast::Program& prog, const char* title, std::FILE* out);

}  // namespace dtrace::cc
