#pragma once
// The D declarations every program sees, D library files or not: NULL,
// the fault codes dtrace:::ERROR reports in arg4 (from the module's
// faults.def) and the uregs[] register indexes of this architecture.
#include <string>

namespace dtrace::cc {

std::string prelude_text();

}  // namespace dtrace::cc
