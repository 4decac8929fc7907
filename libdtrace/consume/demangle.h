// C++ and Rust symbol names as perf, gdb and bpftrace print them
// ("ns::Shape::area() const" for _ZNK2ns5Shape4areaEv, with the Itanium
// C++ ABI's own demangler; "<m::geo::Shape>::area" for Rust's v0
// _RNvMNtCs..._1m3geoNtB2_5Shape4area and "m::geo::Shape::area" for its
// legacy _ZN1m3geo5Shape4area17h<hash>E, with libiberty's); other names
// (C, or not demanglable) are kept.
#pragma once

#include <string>

namespace dtrace::consume {

std::string demangle(const std::string& name);

}  // namespace dtrace::consume
