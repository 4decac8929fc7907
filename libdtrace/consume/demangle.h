// C++ symbol names as perf, gdb and bpftrace print them
// ("ns::Shape::area() const" for _ZNK2ns5Shape4areaEv), with the Itanium
// C++ ABI's own demangler; other names (C, or not demanglable) are kept.
// -x nodemangle keeps every name as the object file spells it.
#pragma once

#include <string>

namespace dtrace::consume {

std::string demangle(const std::string& name);

// Whether user symbols are demangled (default yes; -x nodemangle: no).
void set_demangle(bool on);
bool demangling();

}  // namespace dtrace::consume
